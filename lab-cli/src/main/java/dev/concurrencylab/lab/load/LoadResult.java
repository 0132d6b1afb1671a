package dev.concurrencylab.lab.load;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the driver measured in the measured window only (warm-up excluded).
 *
 * @param latencyNanos       response times of good answers: 2xx that passed the status and body checks
 * @param failedLatencyNanos response times of answers that were not good (kept apart, never mixed in)
 * @param sent               requests sent
 * @param answered           responses received (any status)
 * @param errors             failed requests by class; each failed request in one class
 * @param checks             each declared check with its passes and fails
 * @param latencyCheckFailed answered requests at or above the suite's latency bound
 * @param windowSeconds      wall time of the measured window
 * @param waitSeconds        after a timed window, how long its last answers took to arrive (vegeta's "wait"); 0 for a counted one
 * @param sessionLimitHit    the driver had no free session when a request was due (open model)
 * @param blockedMillis      time requests waited for a free connection
 * @param driverLag          how late the driver's own JVM got to run during the window
 * @param warmedSeconds      how long the warm-up ran
 * @param steady             whether the warm-up ended in steady state; {@code null} for a fixed warm-up
 * @param connections        what the driver's connection pool did, and whether it ran out of its own files or ports
 * @param failure            why the driver could not complete the window, or {@code null}
 * @param goodAfterWindow    good answers that arrived after a timed window ended, to requests sent in it: in the
 *                           latencies, not in the throughput
 * @param requests           a mix's requests, each counted apart; empty for one request
 * @param goodPerSecond      good answers' response times per second of the window, by when they were sent (as
 *                           {@code series}): a level of the window has its own percentiles; empty when not kept
 */
public record LoadResult(Histogram latencyNanos, Histogram failedLatencyNanos, long sent, long answered,
        Map<ErrorClass, Long> errors, List<CheckTally> checks, long latencyCheckFailed, List<SecondStats> series,
        double windowSeconds, double waitSeconds, boolean sessionLimitHit, long blockedMillis, SchedulingLag.Figures driverLag, double warmedSeconds, Boolean steady, ConnectionUse connections, String failure,
        long goodAfterWindow, List<RequestLoad> requests, List<Histogram> goodPerSecond) {

    public LoadResult(Histogram latencyNanos, Histogram failedLatencyNanos, long sent, long answered,
            Map<ErrorClass, Long> errors, List<CheckTally> checks, long latencyCheckFailed, List<SecondStats> series,
            double windowSeconds, double waitSeconds, boolean sessionLimitHit, long blockedMillis, SchedulingLag.Figures driverLag,
            double warmedSeconds, Boolean steady, ConnectionUse connections, String failure, long goodAfterWindow) {
        this(latencyNanos, failedLatencyNanos, sent, answered, errors, checks, latencyCheckFailed, series, windowSeconds, waitSeconds,
                sessionLimitHit, blockedMillis, driverLag, warmedSeconds, steady, connections, failure, goodAfterWindow, List.of(), List.of());
    }

    public LoadResult {
        requests = requests == null ? List.of() : requests;
        goodPerSecond = goodPerSecond == null ? List.of() : goodPerSecond;
    }

    /** Good answers: what goodput and the latency percentiles count. */
    public long good() {
        return latencyNanos.getTotalCount();
    }

    /** Good answers' response times over seconds {@code from} (inclusive) to {@code to}, or empty when the window's seconds were not kept. */
    public java.util.Optional<Histogram> good(int from, int to) {
        if (to > goodPerSecond.size() || from >= to) {
            return java.util.Optional.empty();
        }
        Histogram sum = new Histogram(3);
        goodPerSecond.subList(from, to).forEach(sum::add);
        return java.util.Optional.of(sum);
    }

    /** Requests started per second of the measured window. */
    public double sendRate() {
        return windowSeconds > 0 ? sent / windowSeconds : 0;
    }

    /** Goodput: good answers that arrived in the measured window, per second of it. */
    public double throughput() {
        return windowSeconds > 0 ? (good() - goodAfterWindow) / windowSeconds : 0;
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The longest time any answer took, good or not, in milliseconds. */
    public double maxLatencyMs() {
        long max = Math.max(latencyNanos.getTotalCount() == 0 ? 0 : latencyNanos.getMaxValue(),
                failedLatencyNanos.getTotalCount() == 0 ? 0 : failedLatencyNanos.getMaxValue());
        return max / 1e6;
    }

    /** Requests left later than due: no free session (open model) or no free connection. */
    public boolean heldBack() {
        return sessionLimitHit || blockedMillis > 0;
    }
}
