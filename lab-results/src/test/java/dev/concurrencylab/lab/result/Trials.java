package dev.concurrencylab.lab.result;

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
        TrialResult t = ok(throughput, p99Ms, flags);
        TrialIdentity id = new TrialIdentity(0, variant, "b", null, block, null, null, null, new Slice(block, cycle, 0, copy));
        return new TrialResult(id, t.outcome(), t.warmUp(), t.window(), t.latencies(), t.delivery(), t.completion(), t.judged(), t.server());
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
