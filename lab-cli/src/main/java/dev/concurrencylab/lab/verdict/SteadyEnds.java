package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.load.SteadyState;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.WindowShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Figures measured on the steady end of a window whose level moved: where a window ended on a level
 * it held for at least {@value #MIN_SECONDS} s and a third of the window, that last level is the one
 * the server holds — after a warm-up, a slowdown or several moves alike, since a longer window would
 * be made of that level. Its throughput is that level's good answers per second; its latencies are
 * those of the answers sent in it, which the lab keeps apart when it records the trial (older records
 * have none, so their latencies stay void). {@value #MIN_SECONDS} s because that is what the warm-up
 * itself calls steady; a third so a short tail is not taken for the level.
 */
public final class SteadyEnds {

    static final int MIN_SECONDS = 5;

    private SteadyEnds() {
    }

    /** The window's last level when its level moved and the last held long enough to measure; else empty. */
    public static Optional<WindowShape.Segment> lastLevel(WindowShape shape, int seconds) {
        if (shape == null || shape.flat() || seconds == 0) {
            return Optional.empty();
        }
        WindowShape.Segment last = shape.segments().getLast();
        int length = last.to() - last.from();
        return length < MIN_SECONDS || length * 3 < seconds || last.to() > seconds ? Optional.empty() : Optional.of(last);
    }

    /**
     * The figure per completed trial, a shifted trial's from its steady end; empty when the figure is
     * not measured on a steady end, when any trial is voided by another flag, or when a shifted trial
     * has no usable end.
     */
    public static Optional<double[]> values(Figure figure, List<TrialResult> trials) {
        if (!figure.measuredOnSteadyEnd()) {
            return Optional.empty();
        }
        List<Double> values = new ArrayList<>();
        for (TrialResult t : trials.stream().filter(TrialResult::ok).toList()) {
            if (t.voidingFlags().stream().anyMatch(f -> f != Flag.WINDOW_SHIFTED)) {
                return Optional.empty();
            }
            boolean shifted = t.outcome().flags().contains(Flag.WINDOW_SHIFTED);
            Double v = shifted ? figure.onSteadyEnd(t) : figure.of(t);
            if (shifted && v == null) {
                return Optional.empty();
            }
            if (v != null) {
                values.add(v);
            }
        }
        return Optional.of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** How many of the trials were measured on their steady end. */
    public static long shifted(List<TrialResult> trials) {
        return trials.stream().filter(TrialResult::ok).filter(t -> t.outcome().flags().contains(Flag.WINDOW_SHIFTED)).count();
    }

    /** Good answers per second over a shifted window's last level of answers per second, or empty when it has none long enough. */
    static Optional<Double> end(TrialResult t) {
        WindowShape shape = t.window().windowShape();
        List<SecondStats> series = t.window().series();
        if (shape == null || !shape.figure().equals(SteadyState.PerSecond.ANSWERS.label())) {
            return Optional.empty();
        }
        // Older records' levels may end with a sliver of a second the rates leave out.
        double[] good = WholeSeconds.rates(series, t.window().windowSeconds(), s -> s.answered() - s.errors());
        return lastLevel(shape, series.size()).map(last -> Arrays.stream(good, last.from(), Math.min(last.to(), good.length)).average().orElseThrow());
    }
}
