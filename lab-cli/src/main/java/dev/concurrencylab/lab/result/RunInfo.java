package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.monitor.CpuLayout;
import java.util.List;
import java.util.Map;

/**
 * What a run was and where it ran: enough to judge its numbers and to run it again.
 *
 * @param schemaVersion   the results schema this directory follows (docs/results-schema.md); absent means 1
 * @param minEffectPercent smallest change a verdict claims, in percent
 * @param maxErrorRatePercent error rate above which a variant gets no latency or throughput verdict, in percent
 * @param thresholds      the suite's thresholds as written
 * @param thresholdOutcomes per benchmark, variant and threshold: how many trials met it (filled in as the run ends)
 */
public record RunInfo(int schemaVersion, String suite, String scale, int trialsPerVariant, String command, String started,
        String finished, String status, Map<String, String> machine, Map<String, String> jdk, String springBootVersion,
        String gitCommit, CpuLayout cpuLayout, Map<String, List<String>> jvmFlags, Map<String, String> services,
        String suiteFile, String suiteAsRun, int trialsPlanned, int trialsWritten, Double minEffectPercent,
        Double maxErrorRatePercent, List<String> thresholds, List<ThresholdOutcome> thresholdOutcomes) {

    /** Version 2: throughput is goodput, latency is of good answers, checks and thresholds are recorded. */
    public static final int SCHEMA_VERSION = 2;

    public RunInfo {
        schemaVersion = schemaVersion == 0 ? 1 : schemaVersion;
        thresholds = thresholds == null ? List.of() : thresholds;
        thresholdOutcomes = thresholdOutcomes == null ? List.of() : thresholdOutcomes;
    }

    /**
     * One threshold over one variant's trials of one benchmark: met when every completed trial met it.
     */
    public record ThresholdOutcome(String benchmark, String variant, String threshold, int trialsMet, int trials, boolean met) {
    }

    /** This run as it stands now: the services in use, how far it got. */
    public RunInfo with(Map<String, String> services, String status, int trialsWritten) {
        return new RunInfo(schemaVersion, suite, scale, trialsPerVariant, command, started, finished, status, machine, jdk,
                springBootVersion, gitCommit, cpuLayout, jvmFlags, services, suiteFile, suiteAsRun, trialsPlanned,
                trialsWritten, minEffectPercent, maxErrorRatePercent, thresholds, thresholdOutcomes);
    }

    public RunInfo finishedAt(String time) {
        return new RunInfo(schemaVersion, suite, scale, trialsPerVariant, command, started, time, status, machine, jdk,
                springBootVersion, gitCommit, cpuLayout, jvmFlags, services, suiteFile, suiteAsRun, trialsPlanned,
                trialsWritten, minEffectPercent, maxErrorRatePercent, thresholds, thresholdOutcomes);
    }

    public RunInfo withThresholdOutcomes(List<ThresholdOutcome> outcomes) {
        return new RunInfo(schemaVersion, suite, scale, trialsPerVariant, command, started, finished, status, machine, jdk,
                springBootVersion, gitCommit, cpuLayout, jvmFlags, services, suiteFile, suiteAsRun, trialsPlanned,
                trialsWritten, minEffectPercent, maxErrorRatePercent, thresholds, outcomes);
    }
}
