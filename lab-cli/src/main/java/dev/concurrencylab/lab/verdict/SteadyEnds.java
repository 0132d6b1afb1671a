package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.WindowShape;
import java.util.List;
import java.util.Optional;

/**
 * Throughput measured on the steady end of a window that was still warming: where a window's
 * answers per second rose to a level and held it for at least {@value #MIN_SECONDS} s and a third of
 * the window, that last level is the server's, and its good answers per second are the trial's
 * throughput. {@value #MIN_SECONDS} s because that is what the warm-up itself calls steady; a third
 * so a short tail is not taken for the level. Only a warm-up shape qualifies: a window that ended
 * worse than it began (a slowdown) or moved more than once has no level to trust, and a segment's
 * latency percentiles are not recorded (one histogram per window), so p99 and the rest stay void.
 */
public final class SteadyEnds {

    static final int MIN_SECONDS = 5;

    private SteadyEnds() {
    }

    /**
     * Throughput per completed trial, a shifted trial's from its steady end; empty when any trial
     * is voided by another flag, or shifted without a usable end.
     */
    public static Optional<double[]> throughput(List<TrialResult> trials) {
        List<TrialResult> ok = trials.stream().filter(TrialResult::ok).toList();
        double[] values = new double[ok.size()];
        for (int i = 0; i < ok.size(); i++) {
            TrialResult t = ok.get(i);
            boolean otherVoiding = t.outcome().flags().stream().anyMatch(f -> f.voidsVerdicts() && f != Flag.WINDOW_SHIFTED);
            if (otherVoiding) {
                return Optional.empty();
            }
            if (!t.outcome().flags().contains(Flag.WINDOW_SHIFTED)) {
                values[i] = t.window().throughput();
                continue;
            }
            Optional<Double> end = end(t);
            if (end.isEmpty()) {
                return Optional.empty();
            }
            values[i] = end.get();
        }
        return Optional.of(values);
    }

    /** How many of the trials were measured on their steady end. */
    public static long shifted(List<TrialResult> trials) {
        return trials.stream().filter(TrialResult::ok).filter(t -> t.outcome().flags().contains(Flag.WINDOW_SHIFTED)).count();
    }

    /** Good answers per second over a warming window's last level, or empty when it has none long enough. */
    static Optional<Double> end(TrialResult t) {
        WindowShape shape = t.window().windowShape();
        List<SecondStats> series = t.window().series();
        if (shape == null || shape.shape() != WindowShape.Shape.WARM_UP || series.isEmpty()
                || !shape.figure().equals(dev.concurrencylab.lab.load.SteadyState.PerSecond.ANSWERS.label())) {
            return Optional.empty();
        }
        WindowShape.Segment last = shape.segments().getLast();
        int seconds = last.to() - last.from();
        if (seconds < MIN_SECONDS || seconds * 3 < series.size() || last.to() > series.size()) {
            return Optional.empty();
        }
        double good = 0;
        for (SecondStats s : series.subList(last.from(), last.to())) {
            good += s.answered() - s.errors();
        }
        return Optional.of(good / seconds);
    }
}
