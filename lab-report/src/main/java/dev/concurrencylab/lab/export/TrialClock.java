package dev.concurrencylab.lab.export;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * When each trial's measured window ran, on the wall clock, from the results directory alone.
 *
 * <p>A trial's JSON holds times relative to its window; its histogram log holds the absolute ones: the
 * interval it covers ends when the driver closed the window's histogram, after the window's last
 * answer came in ({@code waitSeconds} past its end). So the window ends that long before the log's
 * interval end, and begins {@code windowSeconds} before that; within the driver's own bookkeeping,
 * well under a second. A trial without a log (no good answer, or failed before its load) is placed at
 * the end of the trial before it, or at the run's start: the point of a figure, not its exact second.
 */
final class TrialClock {

    /** Epoch milliseconds of a window's first and last instant. */
    record Window(long startMillis, long endMillis) {
    }

    private final Map<Integer, Window> byTrial = new HashMap<>();

    TrialClock(RunResults results) {
        String started = results.run().progress() == null ? null : results.run().progress().started();
        long last = started == null ? 0 : Instant.parse(started).toEpochMilli();
        for (TrialResult t : results.trials()) {
            Optional<Long> closed = results.histogram(t).map(h -> h.getEndTimeStamp()).filter(end -> end > 0 && end < Long.MAX_VALUE);
            Window w;
            if (closed.isPresent()) {
                long end = closed.get() - Math.round(orZero(t.window().waitSeconds()) * 1000);
                w = new Window(end - Math.round(t.window().windowSeconds() * 1000), end);
            } else {
                w = new Window(last, last);
            }
            if (w.endMillis() > 0) {
                byTrial.put(t.identity().number(), w);
                last = Math.max(last, w.endMillis());
            }
        }
    }

    /** The trial's window, or empty when neither it nor the run says when anything happened. */
    Optional<Window> window(TrialResult trial) {
        return Optional.ofNullable(byTrial.get(trial.identity().number()));
    }

    private static double orZero(Double value) {
        return value == null ? 0 : value;
    }
}
