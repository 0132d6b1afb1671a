package dev.concurrencylab.lab.export;

import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.result.CheckResult;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.RequestFigures;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A results directory as OpenMetrics: every trial's per-second series at its own seconds, and its
 * summary figures at its window's end, labelled {@code suite}, {@code variant}, {@code benchmark},
 * {@code trial} and, for a mix's own figures, {@code request}. Latencies are in seconds, as Prometheus
 * names them; every other figure is as the trial's JSON has it (docs/results-schema.md).
 */
final class OpenMetricsExport {

    static final List<String> LABELS = List.of("suite", "variant", "benchmark", "trial", "request");

    /** A latency summary's figures by the quantile each is; min and max are quantiles 0 and 1. */
    private static final Map<String, Function<LatencySummary, Double>> QUANTILES = quantiles();

    private final OpenMetricsText out = new OpenMetricsText();

    private OpenMetricsExport() {
        out.gauge("lab_second_sent", null, "requests started in this second of the trial's measured window");
        out.gauge("lab_second_answered", null, "answers to the requests started in this second");
        out.gauge("lab_second_errors", null, "failed requests of every class among those started in this second");
        out.gauge("lab_second_latency_seconds", "seconds", "p50, p99 and max (quantile 1) response time of this second's good answers");
        out.gauge("lab_second_resource", null, "the server's and the machine's figures per interval of the window "
                + "(figure: e.g. sut.cpu.percent, sut.rss.mb; docs/suites.md)");
        out.gauge("lab_trial_ok", null, "1 when the trial measured its window, 0 when it failed");
        out.gauge("lab_trial_window_seconds", "seconds", "length of the measured window");
        out.gauge("lab_trial_sent", null, "requests sent in the measured window");
        out.gauge("lab_trial_answered", null, "answers of any kind");
        out.gauge("lab_trial_good", null, "good answers: 2xx that passed the status and body checks");
        out.gauge("lab_trial_throughput", null, "goodput: good answers per second of the measured window");
        out.gauge("lab_trial_errors", null, "failed requests by class");
        out.gauge("lab_trial_error_ratio", "ratio", "failed requests over requests attempted");
        out.gauge("lab_trial_latency_seconds", "seconds", "response times of good answers (quantile 0 is the min, 1 the max)");
        out.gauge("lab_trial_latency_mean_seconds", "seconds", "mean response time of good answers");
        out.gauge("lab_trial_check_passes", null, "answers that passed the check");
        out.gauge("lab_trial_check_fails", null, "answers that failed the check");
        out.gauge("lab_trial_threshold_met", null, "1 when the trial met the suite's threshold, 0 when not");
        out.gauge("lab_trial_threshold_actual", null, "the trial's figure a threshold judged, in the threshold's unit (ms, percent, per second)");
    }

    /** The whole export of the results directory. */
    static String of(RunResults results) {
        OpenMetricsExport e = new OpenMetricsExport();
        TrialClock clock = new TrialClock(results);
        for (TrialResult t : results.trials()) {
            clock.window(t).ifPresent(w -> e.trial(results.run().definition().suite(), t, w));
        }
        return e.out.text(LABELS);
    }

    private void trial(String suite, TrialResult t, TrialClock.Window w) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("suite", suite == null ? "" : suite);
        labels.put("variant", t.identity().variant());
        labels.put("benchmark", t.identity().benchmark());
        labels.put("trial", Integer.toString(t.identity().number()));
        for (SecondStats s : t.window().series()) {
            long at = w.startMillis() + (s.second() + 1) * 1000L;
            out.add("lab_second_sent", labels, s.sent(), at);
            out.add("lab_second_answered", labels, s.answered(), at);
            out.add("lab_second_errors", labels, s.errors(), at);
            if (s.maxMs() > 0) {
                out.add("lab_second_latency_seconds", with(labels, "quantile", "0.5"), s.p50Ms() / 1000, at);
                out.add("lab_second_latency_seconds", with(labels, "quantile", "0.99"), s.p99Ms() / 1000, at);
                out.add("lab_second_latency_seconds", with(labels, "quantile", "1"), s.maxMs() / 1000, at);
            }
        }
        for (ResourceSample r : t.server().resources()) {
            long at = w.startMillis() + Math.round(r.t() * 1000);
            r.values().forEach((figure, value) -> out.add("lab_second_resource", with(labels, "figure", figure), value, at));
        }
        long end = w.endMillis();
        out.add("lab_trial_ok", labels, t.ok() ? 1 : 0, end);
        if (!t.ok()) {
            return;
        }
        out.add("lab_trial_window_seconds", labels, t.window().windowSeconds(), end);
        figures(labels, t.window().sent(), t.window().answered(), t.window().count(), t.window().throughput(), t.window().errors(),
                t.window().errorRate(), t.latencies().latency(), end);
        if (t.requests() != null) {
            for (RequestFigures r : t.requests()) {
                figures(with(labels, "request", r.name()), r.sent(), r.answered(), r.count(), r.throughput(), r.errors(), r.errorRate(),
                        r.latency(), end);
            }
        }
        for (CheckResult c : t.judged().checks()) {
            out.add("lab_trial_check_passes", with(labels, "check", c.name()), c.passes(), end);
            out.add("lab_trial_check_fails", with(labels, "check", c.name()), c.fails(), end);
        }
        for (ThresholdResult r : t.judged().thresholds()) {
            out.add("lab_trial_threshold_met", with(labels, "threshold", r.threshold()), r.passed() ? 1 : 0, end);
            out.add("lab_trial_threshold_actual", with(labels, "threshold", r.threshold()), r.actual(), end);
        }
    }

    /** The figures a trial and each of its mix's requests both have. */
    private void figures(Map<String, String> labels, long sent, long answered, long good, double throughput, Map<String, Long> errors,
            double errorRate, LatencySummary latency, long at) {
        out.add("lab_trial_sent", labels, sent, at);
        out.add("lab_trial_answered", labels, answered, at);
        out.add("lab_trial_good", labels, good, at);
        out.add("lab_trial_throughput", labels, throughput, at);
        errors.forEach((kind, n) -> out.add("lab_trial_errors", with(labels, "class", kind), n, at));
        out.add("lab_trial_error_ratio", labels, errorRate, at);
        if (latency != null) {
            QUANTILES.forEach((q, read) -> out.add("lab_trial_latency_seconds", with(labels, "quantile", q), read.apply(latency) / 1000, at));
            out.add("lab_trial_latency_mean_seconds", labels, latency.meanMs() / 1000, at);
        }
    }

    private static Map<String, String> with(Map<String, String> labels, String name, String value) {
        Map<String, String> out = new LinkedHashMap<>(labels);
        out.put(name, value);
        return out;
    }

    private static Map<String, Function<LatencySummary, Double>> quantiles() {
        Map<String, Function<LatencySummary, Double>> q = new LinkedHashMap<>();
        q.put("0", LatencySummary::minMs);
        q.put("0.5", LatencySummary::p50Ms);
        q.put("0.9", LatencySummary::p90Ms);
        q.put("0.95", LatencySummary::p95Ms);
        q.put("0.99", LatencySummary::p99Ms);
        q.put("0.999", LatencySummary::p999Ms);
        q.put("1", LatencySummary::maxMs);
        return q;
    }
}
