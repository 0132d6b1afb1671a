package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.CostPerRequest;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.WindowCounts;
import dev.concurrencylab.lab.usage.JvmMetric;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.usage.ResourceSummary;
import java.util.List;
import java.util.function.Function;

/** One number a report shows per trial, how to read it from a trial's record, and which way is better. */
public enum Figure {

    THROUGHPUT("throughput", "req/s", Better.HIGHER, window(WindowCounts::throughput), t -> SteadyEnds.end(t).orElse(null), SteadyEnds::levels),
    SEND_RATE("rate", "req/s", Better.NEITHER, window(w -> w.windowSeconds() > 0 ? w.sent() / w.windowSeconds() : null)),
    SENT("requests", "", Better.NEITHER, window(w -> (double) w.sent())),
    COUNT("good answers", "", Better.NEITHER, window(w -> (double) w.count())),
    FAILED("failed", "", Better.LOWER, window(w -> (double) w.failedCount())),
    ERROR_RATE("error rate", "%", Better.LOWER, window(w -> w.errorRate() * 100)),
    SUCCESS_RATIO("success", "%", Better.HIGHER, window(w -> 100 - w.errorRate() * 100)),
    WINDOW("time taken", "s", Better.NEITHER, window(WindowCounts::windowSeconds)),
    /** vegeta's Duration: the attack (the window) and the wait for its last answers after it. */
    DURATION_TOTAL("duration total", "s", Better.NEITHER, window(w -> w.waitSeconds() == null ? null : w.windowSeconds() + w.waitSeconds())),
    WAIT("wait", "s", Better.NEITHER, window(WindowCounts::waitSeconds)),
    /** vegeta's throughput: good answers over the attack and the wait, so late answers count (E3). */
    THROUGHPUT_TOTAL("throughput over total time", "req/s", Better.HIGHER,
            window(w -> w.waitSeconds() == null || w.windowSeconds() + w.waitSeconds() <= 0 ? null : w.count() / (w.windowSeconds() + w.waitSeconds()))),
    MIN("min", "ms", Better.LOWER, latency(LatencySummary::minMs), steadyEnd(LatencySummary::minMs), levels(LatencySummary::minMs)),
    MEAN("mean", "ms", Better.LOWER, latency(LatencySummary::meanMs), steadyEnd(LatencySummary::meanMs), levels(LatencySummary::meanMs)),
    P50("p50", "ms", Better.LOWER, latency(LatencySummary::p50Ms), steadyEnd(LatencySummary::p50Ms), levels(LatencySummary::p50Ms)),
    P90("p90", "ms", Better.LOWER, latency(LatencySummary::p90Ms), steadyEnd(LatencySummary::p90Ms), levels(LatencySummary::p90Ms)),
    P95("p95", "ms", Better.LOWER, latency(LatencySummary::p95Ms), steadyEnd(LatencySummary::p95Ms), levels(LatencySummary::p95Ms)),
    P99("p99", "ms", Better.LOWER, latency(LatencySummary::p99Ms), steadyEnd(LatencySummary::p99Ms), levels(LatencySummary::p99Ms)),
    P999("p99.9", "ms", Better.LOWER, latency(LatencySummary::p999Ms), steadyEnd(LatencySummary::p999Ms), levels(LatencySummary::p999Ms)),
    MAX("max", "ms", Better.LOWER, latency(LatencySummary::maxMs), steadyEnd(LatencySummary::maxMs), levels(LatencySummary::maxMs)),
    STD_DEV("std dev", "ms", Better.LOWER, latency(LatencySummary::stdDevMs), steadyEnd(LatencySummary::stdDevMs), levels(LatencySummary::stdDevMs)),
    STARTUP("start-up", "ms", Better.LOWER, t -> t.warmUp().startupMs() == null ? null : t.warmUp().startupMs().doubleValue()),
    CPU_AVG("CPU avg", "% of a core", Better.LOWER, avg(ResourceSample.SUT_CPU)),
    CPU_PEAK("CPU peak", "% of a core", Better.LOWER, peak(ResourceSample.SUT_CPU)),
    RSS_AVG("RSS avg", "MB", Better.LOWER, avg(ResourceSample.SUT_RSS)),
    RSS_PEAK("RSS peak", "MB", Better.LOWER, peak(ResourceSample.SUT_RSS)),
    THREADS_AVG("threads avg", "", Better.LOWER, avg(ResourceSample.SUT_THREADS)),
    THREADS_PEAK("threads peak", "", Better.LOWER, peak(ResourceSample.SUT_THREADS)),
    HEAP_PEAK("heap peak", "MB", Better.LOWER, peak(JvmMetric.HEAP_USED_MB.key())),
    GC_PAUSE("GC pauses", "% of time", Better.LOWER, t -> t.server().gcPausePercent()),
    COMPLETED("work completed", "", Better.HIGHER, t -> t.completion() == null || !t.completion().known() ? null : (double) t.completion().completed()),
    HANDOFF_P50("hand-off→done p50", "ms", Better.LOWER, t -> t.completion() == null || !t.completion().known() ? null : t.completion().latencyP50Ms()),
    HANDOFF_P99("hand-off→done p99", "ms", Better.LOWER, t -> t.completion() == null || !t.completion().known() ? null : t.completion().latencyP99Ms()),
    CPU_PER_1K("server CPU per 1,000 answers", "ms", Better.LOWER, cost(CostPerRequest::cpuMsPer1k)),
    ALLOCATED_PER_1K("allocated per 1,000 answers", "MB", Better.LOWER, t -> t.server().allocatedMbPer1k()),
    GC_PAUSE_PER_1K("GC pause per 1,000 answers", "ms", Better.LOWER, t -> t.server().gcPauseMsPer1k()),
    SWITCHES_PER_ANSWER("context switches per answer", "", Better.LOWER, t -> t.server().contextSwitchesPerAnswer()),
    OTHER_CPU("other processes' CPU", "% of a core", Better.NEITHER, t -> t.server().otherCpuPercent()),
    DRIVER_CPU("driver CPU", "% of a core", Better.NEITHER, avg(ResourceSample.DRIVER_CPU)),
    /** The hypervisor's: CPU time the machine's CPUs wanted and the host gave to other guests. */
    STEAL("steal", "% of a core", Better.NEITHER, avg(ResourceSample.STEAL)),
    SUT_STEAL("steal on the server's CPUs", "% of a core", Better.NEITHER, avg(ResourceSample.SUT_STEAL));

    /** Which direction of change is an improvement. */
    public enum Better {
        HIGHER, LOWER, NEITHER
    }

    private final String label;
    private final String unit;
    private final Better better;
    private final Function<TrialResult, Double> read;
    /** The figure over a shifted window's steady end ({@link SteadyEnds}), or {@code null} where it has none. */
    private final Function<TrialResult, Double> readSteadyEnd;
    /** The figure over each level of a shifted window, in order; empty where they were not kept. */
    private final Function<TrialResult, List<Double>> readLevels;

    Figure(String label, String unit, Better better, Function<TrialResult, Double> read) {
        this(label, unit, better, read, null, null);
    }

    Figure(String label, String unit, Better better, Function<TrialResult, Double> read, Function<TrialResult, Double> readSteadyEnd,
            Function<TrialResult, List<Double>> readLevels) {
        this.label = label;
        this.unit = unit;
        this.better = better;
        this.read = read;
        this.readSteadyEnd = readSteadyEnd;
        this.readLevels = readLevels;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public Better better() {
        return better;
    }

    /** The trial's value, or {@code null} when the trial has none (no answers, not monitored, not async). */
    public Double of(TrialResult trial) {
        return read.apply(trial);
    }

    /** Whether a shifted window can give this figure from its steady end: throughput and the answers' latencies. */
    public boolean measuredOnSteadyEnd() {
        return readSteadyEnd != null;
    }

    /** The trial's value over its steady end, or {@code null} when it has none. */
    public Double onSteadyEnd(TrialResult trial) {
        return readSteadyEnd == null ? null : readSteadyEnd.apply(trial);
    }

    /** The trial's value over each level its shifted window held, in order; empty when they were not kept (or the figure has none). */
    public List<Double> atLevels(TrialResult trial) {
        return readLevels == null ? List.of() : readLevels.apply(trial);
    }

    /** Its values over the trials that completed ({@code ok}) and have it, in trial order: what intervals are computed on. */
    public double[] values(java.util.List<TrialResult> trials) {
        return trials.stream().filter(TrialResult::ok).map(this::of).filter(java.util.Objects::nonNull).mapToDouble(Double::doubleValue)
                .toArray();
    }

    /** The name data files use for this figure: {@code THREADS_PEAK} is {@code threads-peak}. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The figure a data file names, or {@code null}. */
    public static Figure byKey(String key) {
        return java.util.Arrays.stream(values()).filter(f -> f.key().equals(key)).findFirst().orElse(null);
    }

    /** Column heading: label and unit. */
    public String heading() {
        return unit.isEmpty() ? label : label + " (" + unit + ")";
    }

    private static Function<TrialResult, Double> window(Function<WindowCounts, Double> part) {
        return t -> part.apply(t.window());
    }

    private static Function<TrialResult, Double> latency(Function<LatencySummary, Double> part) {
        return t -> t.latencies().latency() == null ? null : part.apply(t.latencies().latency());
    }

    private static Function<TrialResult, Double> steadyEnd(Function<LatencySummary, Double> part) {
        return t -> t.latencies().steadyEndLatency() == null ? null : part.apply(t.latencies().steadyEndLatency());
    }

    private static Function<TrialResult, List<Double>> levels(Function<LatencySummary, Double> part) {
        return t -> t.latencies().levelLatencies() == null ? List.of() : t.latencies().levelLatencies().stream().map(part).toList();
    }

    private static Function<TrialResult, Double> cost(Function<CostPerRequest, Double> part) {
        return t -> t.server().cost() == null ? null : part.apply(t.server().cost());
    }

    private static Function<TrialResult, Double> avg(String key) {
        return t -> stat(t, key) == null ? null : stat(t, key).avg();
    }

    private static Function<TrialResult, Double> peak(String key) {
        return t -> stat(t, key) == null ? null : stat(t, key).peak();
    }

    private static ResourceSummary.Stat stat(TrialResult t, String key) {
        return t.server().resourceSummary() == null ? null : t.server().resourceSummary().figures().get(key);
    }
}
