package dev.concurrencylab.lab.result;

import java.util.List;

/**
 * The rules the run's claims were judged by, and the suite's thresholds as they came out.
 *
 * @param minEffectPercent    smallest change a verdict claims, in percent
 * @param maxErrorRatePercent error rate above which a variant is compared on its failures, not latency or throughput, in percent
 * @param thresholds          the suite's thresholds as written
 * @param thresholdOutcomes   per benchmark, variant and threshold: how many trials met it (filled in as the run ends)
 */
public record RunRules(Double minEffectPercent, Double maxErrorRatePercent, List<String> thresholds,
        List<RunRules.ThresholdOutcome> thresholdOutcomes) {

    public RunRules {
        thresholds = thresholds == null ? List.of() : thresholds;
        thresholdOutcomes = thresholdOutcomes == null ? List.of() : thresholdOutcomes;
    }

    /** One threshold over one variant's trials of one benchmark: met when every completed trial met it. */
    public record ThresholdOutcome(String benchmark, String variant, String threshold, int trialsMet, int trials, boolean met) {
    }

    public RunRules withOutcomes(List<ThresholdOutcome> outcomes) {
        return new RunRules(minEffectPercent, maxErrorRatePercent, thresholds, outcomes);
    }
}
