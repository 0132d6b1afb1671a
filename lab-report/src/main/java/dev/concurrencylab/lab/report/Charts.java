package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.usage.JvmMetric;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.verdict.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A benchmark's charts as data: bars with ranges, latency by percentile, and per-second series of every trial. */
final class Charts {

    private Charts() {
    }

    static List<ChartSpec> of(RunResults results, String benchmark, List<String> variants) {
        String id = benchmark.replaceAll("[^A-Za-z0-9]", "-");
        List<ChartSpec> charts = new ArrayList<>();
        List<String> cats = new ArrayList<>();
        List<double[]> throughput = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        List<ChartSpec.Series> percentiles = new ArrayList<>();
        Map<String, List<ChartSpec.Series>> overTime = new LinkedHashMap<>();
        for (String v : variants) {
            List<TrialResult> trials = results.trials(benchmark, v);
            if (trials.isEmpty()) {
                continue;
            }
            cats.add(v);
            throughput.add(bar(Spread.of(Figure.THROUGHPUT, trials)));
            p99.add(bar(Spread.of(Figure.P99, trials)));
            Histogram merged = null;
            for (TrialResult t : trials) {
                var h = results.histogram(t);
                if (h.isPresent()) {
                    if (merged == null) {
                        merged = new Histogram(3);
                    }
                    merged.add(h.get());
                }
                String name = v + " #" + t.identity().repetition();
                series(overTime, "throughput", name, t.window().series(), s -> (double) s.answered());
                series(overTime, "p50", name, t.window().series(), SecondStats::p50Ms);
                series(overTime, "p99", name, t.window().series(), SecondStats::p99Ms);
                series(overTime, "errors", name, t.window().series(), s -> (double) s.errors());
                resource(overTime, "cpu", name, t, ResourceSample.SUT_CPU);
                resource(overTime, "rss", name, t, ResourceSample.SUT_RSS);
                resource(overTime, "threads", name, t, ResourceSample.SUT_THREADS);
                resource(overTime, "heap", name, t, JvmMetric.HEAP_USED_MB.key());
            }
            if (merged != null) {
                percentiles.add(new ChartSpec.Series(v, percentileCurve(merged)));
            }
        }
        charts.add(new ChartSpec(id + "-throughput-bars", "Throughput (median, range over trials)", "bars", "", "req/s", cats,
                List.of(new ChartSpec.Series("throughput", throughput))));
        charts.add(new ChartSpec(id + "-p99-bars", "p99 latency (median, range over trials)", "bars", "", "ms", cats,
                List.of(new ChartSpec.Series("p99", p99))));
        charts.add(new ChartSpec(id + "-percentiles", "Latency by percentile (all trials merged)", "percentiles",
                "percentile", "ms", List.of(), percentiles));
        String[][] lines = {{"throughput", "Answers per second", "req/s"}, {"p50", "p50 latency per second", "ms"},
                {"p99", "p99 latency per second", "ms"}, {"errors", "Errors per second", "errors"},
                {"cpu", "Server CPU", "% of a core"}, {"rss", "Server RSS", "MB"}, {"threads", "Server OS threads", "threads"},
                {"heap", "Heap used", "MB"}};
        for (String[] l : lines) {
            List<ChartSpec.Series> s = overTime.getOrDefault(l[0], List.of());
            if (!s.isEmpty()) {
                charts.add(new ChartSpec(id + "-per-second-" + l[0], l[1], "lines", "s", l[2], List.of(), s));
            }
        }
        return charts;
    }

    private static double[] bar(Spread s) {
        return s == null ? new double[] {0, 0, 0} : new double[] {s.median(), s.min(), s.max()};
    }

    private static void series(Map<String, List<ChartSpec.Series>> into, String key, String name, List<SecondStats> stats,
            java.util.function.Function<SecondStats, Double> value) {
        if (stats == null || stats.isEmpty()) {
            return;
        }
        List<double[]> points = stats.stream().map(s -> new double[] {s.second(), value.apply(s)}).toList();
        into.computeIfAbsent(key, k -> new ArrayList<>()).add(new ChartSpec.Series(name, points));
    }

    private static void resource(Map<String, List<ChartSpec.Series>> into, String key, String name, TrialResult t, String figure) {
        if (t.server().resources() == null) {
            return;
        }
        List<double[]> points = t.server().resources().stream().filter(s -> s.values().containsKey(figure))
                .map(s -> new double[] {s.t(), s.values().get(figure)}).toList();
        if (!points.isEmpty()) {
            into.computeIfAbsent(key, k -> new ArrayList<>()).add(new ChartSpec.Series(name, points));
        }
    }

    /** (1/(1−p), latency ms) from p50 to the largest value, as HdrHistogram's plots show it. */
    private static List<double[]> percentileCurve(Histogram h) {
        List<double[]> points = new ArrayList<>();
        for (double p : new double[] {0, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999}) {
            if (p > 0 && 1 / (1 - p / 100) > h.getTotalCount()) {
                break;
            }
            points.add(new double[] {1 / (1 - p / 100), Math.round(h.getValueAtPercentile(p) / 1_000.0) / 1_000.0});
        }
        points.add(new double[] {Math.max(points.getLast()[0] * 2, h.getTotalCount()), Math.round(h.getMaxValue() / 1_000.0) / 1_000.0});
        return points;
    }
}
