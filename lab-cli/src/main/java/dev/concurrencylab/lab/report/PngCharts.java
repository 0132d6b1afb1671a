package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/** PNG images of charts for the Markdown report, through XChart: the only class that imports it. */
final class PngCharts {

    private PngCharts() {
    }

    static void write(ChartSpec spec, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        String name = file.toString().replaceAll("\\.png$", "");
        switch (spec.kind()) {
            case "bars" -> BitmapEncoder.saveBitmap(bars(spec), name, BitmapEncoder.BitmapFormat.PNG);
            default -> BitmapEncoder.saveBitmap(lines(spec), name, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static CategoryChart bars(ChartSpec spec) {
        CategoryChart chart = new CategoryChartBuilder().width(640).height(360).title(spec.title())
                .yAxisTitle(spec.yLabel()).build();
        chart.getStyler().setLegendVisible(false).setChartBackgroundColor(java.awt.Color.WHITE);
        ChartSpec.Series s = spec.series().getFirst();
        List<Double> median = s.points().stream().map(p -> p[0]).toList();
        List<Double> error = s.points().stream().map(p -> (p[2] - p[1]) / 2).toList();
        chart.addSeries(s.name(), spec.categories(), median, error);
        return chart;
    }

    private static XYChart lines(ChartSpec spec) {
        XYChart chart = new XYChartBuilder().width(640).height(360).title(spec.title()).xAxisTitle(spec.xLabel())
                .yAxisTitle(spec.yLabel()).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW).setChartBackgroundColor(java.awt.Color.WHITE);
        if (spec.kind().equals("percentiles")) {
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setXAxisTickLabelsFormattingFunction(PngCharts::percentileLabel);
        }
        for (ChartSpec.Series s : spec.series()) {
            double[] x = s.points().stream().mapToDouble(p -> p[0]).toArray();
            double[] y = s.points().stream().mapToDouble(p -> p[1]).toArray();
            if (x.length > 0) {
                chart.addSeries(s.name(), x, y);
            }
        }
        return chart;
    }

    /** 1/(1−p) back to a percentile: 10 → 90 %, 100 → 99 %. */
    static String percentileLabel(double x) {
        double p = 100 * (1 - 1 / x);
        return (p == Math.rint(p) ? String.format("%.0f", p) : String.format("%s", Numbers.format(p))) + "%";
    }
}
