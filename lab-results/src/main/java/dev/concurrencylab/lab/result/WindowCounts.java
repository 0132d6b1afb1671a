package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.SecondStats;
import java.util.List;
import java.util.Map;

/**
 * What the measured window sent and got back.
 *
 * @param waitSeconds  after a timed window, until its last answer arrived (vegeta's "wait"); {@code null} in results from before it was recorded
 * @param count        good answers: 2xx that passed the status and body checks
 * @param answered     every answer received, good or not
 * @param throughput   goodput: good answers that arrived in the measured window, per second of it (before
 *                     {@code afterWindow} was recorded, every good answer of the window's requests)
 * @param errors       failed requests by class: timeout, refused, reset, status, check
 * @param errorRate    failed requests over requests attempted
 * @param latencyCheckFailed answers slower than the suite's latency bound
 * @param blockedMillis how long requests waited for a free connection or session in the driver
 * @param series       the window second by second
 * @param windowShape  that series' class by its change points; {@code null} for a counted window, one too short to split, or older results
 * @param afterWindow  good answers that arrived after a timed window ended, to requests sent in it: counted in {@code count}
 *                     and the latencies, not in the throughput; {@code null} in results from before it was recorded
 */
public record WindowCounts(double windowSeconds, Double waitSeconds, long sent, long count, long answered, double throughput,
        Map<String, Long> errors, double errorRate, long latencyCheckFailed, long blockedMillis, List<SecondStats> series,
        WindowShape windowShape, Long afterWindow) {

    /** Nothing was measured: the trial failed before its window. */
    public static final WindowCounts NONE = new WindowCounts(0, null, 0, 0, 0, 0, Map.of(), 0, 0, 0, List.of(), null, null);

    public WindowCounts {
        errors = errors == null ? Map.of() : errors;
        series = series == null ? List.of() : series;
    }

    /** The same window classed {@code shape}. */
    public WindowCounts withShape(WindowShape shape) {
        return new WindowCounts(windowSeconds, waitSeconds, sent, count, answered, throughput, errors, errorRate, latencyCheckFailed,
                blockedMillis, series, shape, afterWindow);
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
}
