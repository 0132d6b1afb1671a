package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.concurrencylab.lab.jfr.JfrSummary;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.monitor.ResourceSample;
import dev.concurrencylab.lab.monitor.ResourceSummary;
import java.util.List;
import java.util.Map;

/**
 * One measured trial, written the moment it ends. Counts and latencies cover the measured window
 * only; {@code flags} name every reason not to read the numbers at face value. Fields are described
 * in docs/results-schema.md.
 *
 * @param status       {@code ok}, or {@code failed} with {@code failure} saying why
 * @param startupMs    server process start to first good answer (E1), when this trial started the server
 * @param warmupSeconds how long the warm-up ran
 * @param steady       whether it ended in steady state; {@code null} for a fixed warm-up (or none)
 * @param waitSeconds  after a timed window, until its last answer arrived (vegeta's "wait"); {@code null} in results from before it was recorded
 * @param count        good answers: 2xx that passed the status and body checks
 * @param answered     every answer received, good or not
 * @param throughput   goodput: good answers per second of the measured window
 * @param errors       failed requests by class: timeout, refused, reset, status, check
 * @param errorRate    failed requests over requests attempted
 * @param latencyCheckFailed answers slower than the suite's latency bound
 * @param latency      response times of good answers only
 * @param failedLatency response times of answers that were not good (non-2xx, failed status or body check)
 * @param histogramLog file beside this one holding the HdrHistogram of good answers' response times (ns)
 * @param delivery     the rate asked for against the rate sent, and the driver's own stalls (absent in results written before it was added)
 * @param checks       each of the suite's checks with passes, fails and pass rate
 * @param thresholds   each of the suite's thresholds judged on this trial
 * @param reasons      flag → the figures behind it
 * @param resources    per-second resource figures of the measured window, from the monitor
 * @param resourceSummary their averages and peaks, the noise figures and what watching cost
 * @param cost         what each answer cost the server (and the services the lab started)
 * @param profile      what the trial's JFR recording says, when the benchmark asked for one
 */
public record TrialResult(int number, String variant, String benchmark, String workload, int repetition,
        String loadModel, LoadModel load, TrialStatus status, String failure, Long startupMs, double warmupSeconds,
        Boolean steady, double windowSeconds, Double waitSeconds, long sent, long count, long answered, double throughput, Map<String, Long> errors,
        double errorRate, long latencyCheckFailed, LatencySummary latency, LatencySummary failedLatency,
        String histogramLog, List<SecondStats> series, Completion completion, long blockedMillis, Delivery delivery, List<CheckResult> checks,
        List<ThresholdResult> thresholds, List<Flag> flags, Map<String, String> reasons, String serverLogTail,
        List<ResourceSample> resources, ResourceSummary resourceSummary, CostPerRequest cost, JfrSummary profile) {

    public TrialResult {
        errors = errors == null ? Map.of() : errors;
        checks = checks == null ? List.of() : checks;
        thresholds = thresholds == null ? List.of() : thresholds;
        flags = flags == null ? List.of() : flags;
        reasons = reasons == null ? Map.of() : reasons;
        series = series == null ? List.of() : series;
        resources = resources == null ? List.of() : resources;
    }

    /** The trial measured its window; its figures can be compared. */
    @JsonIgnore
    public boolean ok() {
        return status == TrialStatus.OK;
    }

    /** Requests attempted: sent, and those whose connection was refused before they could be. */
    @JsonIgnore
    public long attempts() {
        return sent + errors.getOrDefault(ErrorClass.REFUSED.key(), 0L);
    }

    /** Requests that did not end in a good answer. */
    @JsonIgnore
    public long failedCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Passes of all checks over all answers checked, in percent; {@code null} when the suite declares none. */
    @JsonIgnore
    public Double checksPassRate() {
        long passes = checks.stream().mapToLong(CheckResult::passes).sum();
        long all = passes + checks.stream().mapToLong(CheckResult::fails).sum();
        return all == 0 ? null : 100.0 * passes / all;
    }

    /** A copy with thresholds judged. */
    public TrialResult withThresholds(List<ThresholdResult> judged) {
        return new TrialResult(number, variant, benchmark, workload, repetition, loadModel, load, status, failure, startupMs,
                warmupSeconds, steady, windowSeconds, waitSeconds, sent, count, answered, throughput, errors, errorRate, latencyCheckFailed, latency,
                failedLatency, histogramLog, series, completion, blockedMillis, delivery, checks, judged, flags, reasons, serverLogTail,
                resources, resourceSummary, cost, profile);
    }
}
