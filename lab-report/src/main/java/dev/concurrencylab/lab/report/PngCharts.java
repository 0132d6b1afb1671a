package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
        String name = file.toString().replaceAll("\\.png$", "");
        switch (spec.kind()) {
            case "bars" -> BitmapEncoder.saveBitmap(bars(spec), name, BitmapEncoder.BitmapFormat.PNG);
            case "ratios" -> BitmapEncoder.saveBitmap(ratios(spec), name, BitmapEncoder.BitmapFormat.PNG);
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

    /**
     * Each category a row, each series a dot (the ratio) on a whisker (its interval), on a log scale
     * with a line at 1: how each stack compares with the base at a glance. The rows are labelled by
     * the y axis's tick labels, at whole numbers.
     */
    private static XYChart ratios(ChartSpec spec) {
        int rows = spec.categories().size();
        XYChart chart = new XYChartBuilder().width(960).height(120 + 34 * rows).title(spec.title()).xAxisTitle(spec.xLabel()).build();
        var styler = chart.getStyler();
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setChartBackgroundColor(java.awt.Color.WHITE);
        styler.setYAxisMin(-1.0);
        styler.setYAxisMax((double) rows);
        styler.setYAxisTickMarkSpacingHint(30);
        styler.setPlotGridHorizontalLinesVisible(false);
        styler.setDefaultSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Line);
        // Ratios on a log scale drawn as log2, so ½× and 2× sit as far from 1× and every tick can be labelled.
        chart.setCustomXAxisTickLabelsFormatter(x -> String.format(java.util.Locale.ROOT, "%.2f×", Math.pow(2, x)));
        List<String> labels = fit(spec.categories());
        chart.setCustomYAxisTickLabelsFormatter(y -> {
            int row = (int) Math.round(y);
            return Math.abs(y - row) < 1e-6 && row >= 0 && row < rows ? labels.get(rows - 1 - row) : blank(y);
        });
        java.awt.Color[] colors = {new java.awt.Color(0x1f77b4), new java.awt.Color(0xd62728), new java.awt.Color(0x2ca02c)};
        org.knowm.xchart.XYSeries one = chart.addSeries("same as the base", new double[] {0, 0}, new double[] {-1, rows});
        one.setLineColor(java.awt.Color.GRAY);
        one.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
        one.setShowInLegend(false);
        for (int k = 0; k < spec.series().size(); k++) {
            ChartSpec.Series s = spec.series().get(k);
            java.awt.Color color = colors[k % colors.length];
            double offset = (k - (spec.series().size() - 1) / 2.0) * 0.25;
            java.util.List<Double> dotX = new java.util.ArrayList<>();
            java.util.List<Double> dotY = new java.util.ArrayList<>();
            for (int i = 0; i < s.points().size(); i++) {
                double[] p = s.points().get(i);
                if (!(p[0] > 0)) {
                    continue;
                }
                double y = rows - 1 - i + offset;
                dotX.add(log2(p[0]));
                dotY.add(y);
                if (p[1] > 0 && Double.isFinite(p[2])) {
                    org.knowm.xchart.XYSeries whisker = chart.addSeries(s.name() + " " + i, new double[] {log2(p[1]), log2(p[2])}, new double[] {y, y});
                    whisker.setLineColor(color);
                    whisker.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
                    whisker.setShowInLegend(false);
                }
            }
            if (!dotX.isEmpty()) {
                org.knowm.xchart.XYSeries dots = chart.addSeries(s.name(), dotX, dotY);
                dots.setXYSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Scatter);
                dots.setMarkerColor(color);
                dots.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.CIRCLE);
            }
        }
        return chart;
    }

    /**
     * XChart 4.0.3 widens its tick step until no tick label is longer than this and all differ, and
     * spins for good when a row's label keeps them from it (findings hung so with "a fixed wait under
     * open load" at the bottom of the answer chart).
     */
    static final int LABEL = 20;

    /** Each label cut to {@link #LABEL} characters, and numbered where cutting made two alike. */
    static List<String> fit(List<String> labels) {
        List<String> fitted = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String label : labels) {
            String cut = label.length() <= LABEL ? label : label.substring(0, LABEL - 1) + "…";
            for (int n = 2; !seen.add(cut); n++) {
                String suffix = "…" + n;
                cut = label.substring(0, Math.min(label.length(), LABEL - suffix.length())) + suffix;
            }
            fitted.add(cut);
        }
        return fitted;
    }

    /** A label that shows nothing and differs from every other tick's: its position in 64ths, in binary, in two kinds of space. */
    static String blank(double y) {
        String bits = Long.toBinaryString((Math.round(y * 64) & 0xFFFF) | 0x10000).substring(1);
        return bits.replace('0', ' ').replace('1', '\u00A0');
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    /** 1/(1−p) back to a percentile: 10 → 90 %, 100 → 99 %. */
    static String percentileLabel(double x) {
        double p = 100 * (1 - 1 / x);
        return (p == Math.rint(p) ? String.format("%.0f", p) : String.format("%s", Numbers.format(p))) + "%";
    }
}
