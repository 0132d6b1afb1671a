package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.monitor.ResourceSample;
import dev.concurrencylab.lab.monitor.ResourceSummary;
import java.util.List;
import java.util.Map;

/**
 * One measured trial, written the moment it ends. Counts and latencies cover the measured window
 * only; {@code flags} name every reason not to read the numbers at face value.
 *
 * @param status       {@code ok}, or {@code failed} with {@code failure} saying why
 * @param startupMs    server process start to first good answer (E1), when this trial started the server
 * @param count        requests answered
 * @param throughput   answers per second of the measured window
 * @param errors       failed requests by class: timeout, refused, reset, status, check
 * @param latencyCheckFailed answers slower than the suite's latency bound
 * @param histogramLog file beside this one holding the HdrHistogram of response times (ns)
 * @param resources    per-second resource figures of the measured window, from the monitor
 * @param resourceSummary their averages and peaks, the noise figures and what watching cost
 */
public record TrialResult(int number, String variant, String benchmark, String workload, int repetition,
        String loadModel, Object load, String status, String failure, Long startupMs, double warmupSeconds,
        double windowSeconds, long sent, long count, double throughput, Map<String, Long> errors, double errorRate,
        long latencyCheckFailed, LatencySummary latency, String histogramLog, List<SecondStats> series,
        Completion completion, long blockedMillis, List<String> flags, String serverLogTail,
        List<ResourceSample> resources, ResourceSummary resourceSummary) {

    public static final String GENERATOR_LIMITED = "generator-limited";
    public static final String SERVER_DIED = "server-died";
    public static final String FAILED_CHECKS = "failed-checks";
    public static final String WORK_NOT_COMPLETED = "work-not-completed";
}
