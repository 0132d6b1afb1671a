package dev.concurrencylab.lab.load;

import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What the driver measured in the measured window only (warm-up excluded).
 *
 * @param latencyNanos       response times of every answered request
 * @param sent               requests sent
 * @param answered           responses received (any status)
 * @param errors             failed requests by class; each failed request in one class
 * @param latencyCheckFailed answered requests at or above the suite's latency bound
 * @param windowSeconds      wall time of the measured window
 * @param sessionLimitHit    the driver had no free session when a request was due (open model)
 * @param blockedMillis      time requests waited for a free connection
 * @param failure            why the driver could not complete the window, or {@code null}
 */
public record LoadResult(Histogram latencyNanos, long sent, long answered, Map<ErrorClass, Long> errors,
        long latencyCheckFailed, List<SecondStats> series, double windowSeconds, boolean sessionLimitHit,
        long blockedMillis, String failure) {

    /** Requests started per second of the measured window. */
    public double sendRate() {
        return windowSeconds > 0 ? sent / windowSeconds : 0;
    }

    /** Answers per second of the measured window. */
    public double throughput() {
        return windowSeconds > 0 ? answered / windowSeconds : 0;
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The driver, not the server, was the limit: its latencies must not be read as the server's. */
    public boolean generatorLimited() {
        return sessionLimitHit || blockedMillis > 0;
    }
}
