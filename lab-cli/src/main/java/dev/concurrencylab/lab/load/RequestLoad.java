package dev.concurrencylab.lab.load;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What one named request of a mix got in the measured window, counted as {@link LoadResult} counts the whole.
 * A refused connect belongs to no request (the pool connects ahead of them), so {@code errors} has no
 * {@code refused}: it stays in the trial's total.
 */
public record RequestLoad(String name, int weight, long sent, long answered, Histogram latencyNanos, Histogram failedLatencyNanos,
        Map<ErrorClass, Long> errors, long goodAfterWindow) {

    public long good() {
        return latencyNanos.getTotalCount();
    }

    public long errorCount() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
