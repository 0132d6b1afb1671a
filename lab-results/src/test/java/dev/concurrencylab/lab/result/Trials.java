package dev.concurrencylab.lab.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Trial records for tests of what reads them, built the way the runner builds them. */
public final class Trials {

    private Trials() {
    }

    /** A completed trial of 1,000 requests over one second, known by its goodput and its p99. */
    public static TrialResult ok(double throughput, double p99Ms, String... flags) {
        List<Flag> flagged = Arrays.stream(flags).map(Flag::of).toList();
        Map<String, String> reasons = new LinkedHashMap<>();
        flagged.forEach(f -> reasons.put(f.key(), "set by the test"));
        return TrialResult.of(identity())
                .outcome(new TrialOutcome(TrialStatus.OK, null, flagged, reasons, null))
                .window(window(throughput, Map.of(), 0))
                .latencies(new Latencies(latency(1, p99Ms, p99Ms), null, null))
                .build();
    }

    /**
     * A completed trial with a p99 of 10 ms, as {@code ok} makes it, named by its number, variant and benchmark;
     * {@code launch} is the trial that started its server, null when it started its own.
     */
    public static TrialResult onServer(int number, String variant, String benchmark, double throughput, Integer launch) {
        TrialResult t = ok(throughput, 10);
        TrialIdentity id = new TrialIdentity(number, variant, benchmark, null, 1, null, null, launch);
        return new TrialResult(id, t.outcome(), t.warmUp(), t.window(), t.latencies(), t.delivery(), t.completion(), t.judged(), t.server());
    }

    /**
     * A paired design's slice of benchmark {@code b}, as the runner writes it: {@code copy} 2 is the base's
     * second launch in the block; {@code flags} as {@link #ok}.
     */
    public static TrialResult slice(String variant, int block, int cycle, int copy, double throughput, double p99Ms, String... flags) {
        return slice("b", variant, block, cycle, copy, throughput, p99Ms, flags);
    }

    /** As {@link #slice(String, int, int, int, double, double, String...)}, of the benchmark named. */
    public static TrialResult slice(String benchmark, String variant, int block, int cycle, int copy, double throughput, double p99Ms,
            String... flags) {
        TrialResult t = ok(throughput, p99Ms, flags);
        TrialIdentity id = new TrialIdentity(0, variant, benchmark, null, block, null, null, null, new Slice(block, cycle, 0, copy));
        return new TrialResult(id, t.outcome(), t.warmUp(), t.window(), t.latencies(), t.delivery(), t.completion(), t.judged(), t.server());
    }

    /**
     * A paired benchmark's three blocks of three cycles on a host whose pace moves from cycle to cycle: the base's
     * first launch at 1,000 req/s and a p99 of 10 ms, its second at {@code second} times that level, {@code faster} at
     * 1.2× and {@code slower} at 0.9×, their launches 1 % apart from block to block: the spread an A/A is judged on.
     */
    public static List<TrialResult> blocks(String benchmark, String base, double second, String faster, String slower) {
        List<TrialResult> slices = new ArrayList<>();
        double[] host = {1.0, 0.8, 1.1};
        double[] wobble = {1.01, 0.99, 1.0};
        for (int b = 1; b <= 3; b++) {
            double w = wobble[b - 1];
            for (int c = 1; c <= host.length; c++) {
                slices.add(slice(benchmark, base, b, c, 1, 1000 * host[c - 1], 10));
                slices.add(slice(benchmark, base, b, c, 2, 1000 * second * host[c - 1] * (2 - w), 10 * (2 - w)));
                slices.add(slice(benchmark, faster, b, c, 1, 1200 * host[c - 1] * w, 8 / w));
                slices.add(slice(benchmark, slower, b, c, 1, 900 * host[c - 1] / w, 12 * w));
            }
        }
        return slices;
    }

    /** Trial 1, repetition 1, of variant {@code v} on benchmark {@code b}. */
    public static TrialIdentity identity() {
        return new TrialIdentity(1, "v", "b", null, 1, null, null);
    }

    /** 1,000 requests sent in one second. */
    public static WindowCounts window(double throughput, Map<String, Long> errors, double errorRate) {
        return new WindowCounts(1, null, 1000, Math.round(throughput), 1000, throughput, errors, errorRate, 0, 0, List.of(), null, null);
    }

    public static LatencySummary latency(double p50Ms, double p95Ms, double p99Ms) {
        return new LatencySummary(0, 0, p50Ms, 0, p95Ms, p99Ms, 0, 0, 0);
    }
}
