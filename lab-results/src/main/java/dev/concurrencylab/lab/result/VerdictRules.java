package dev.concurrencylab.lab.result;

import java.util.List;

/**
 * How a suite's results are judged. It sits with the results, beside {@link RunRules} that records it,
 * so a suite carries its rules without importing {@code verdict}, which applies them.
 *
 * @param minEffect    smallest change a verdict claims, as a fraction (0.05: 5 %)
 * @param maxErrorRate error rate above which a variant is compared on its failures, not latency or throughput, as a fraction
 * @param thresholds   pass/fail criteria per trial; a crossed one makes the run exit 3
 */
public record VerdictRules(double minEffect, double maxErrorRate, List<Threshold> thresholds) {

    public static final VerdictRules DEFAULT = new VerdictRules(0.05, 0.01, List.of());

    public VerdictRules {
        thresholds = List.copyOf(thresholds);
    }
}
