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
 *
 * <p>A window whose last level was shorter has no level the lab can call the server's: the one it
 * left and the one it fell or rose to are both candidates, and a longer window would have told. Such
 * a trial is read at its lowest and at its highest level, and a comparison claims only what it would
 * claim at every combination of those readings ({@link Verdict}); one that depends on the reading is
 * undecided. In a 10 s window (E3's) any move after its fifth second leaves no measurable end, and
 * voiding every comparison with one such window left whole benchmarks without an answer.
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
     * The figure per completed trial, as the choices a comparison reads it at: one value for a trial
     * whose window held one level or ended on a steady one (read there), the lowest and the highest
     * of its levels for a shifted window without a steady end ({@link #unresolved}). Empty when the
     * figure is not measured on a steady end, when any trial is voided by another flag, or when a
     * shifted trial kept neither its end nor its levels (older records' latencies).
     */
    public static Optional<List<double[]>> values(Figure figure, List<TrialResult> trials) {
        if (!figure.measuredOnSteadyEnd()) {
            return Optional.empty();
        }
        List<double[]> values = new ArrayList<>();
        for (TrialResult t : trials.stream().filter(TrialResult::ok).toList()) {
            if (t.voidingFlags().stream().anyMatch(f -> f != Flag.WINDOW_SHIFTED)) {
                return Optional.empty();
            }
            if (!t.outcome().flags().contains(Flag.WINDOW_SHIFTED)) {
                Double v = figure.of(t);
                if (v != null) {
                    values.add(new double[] {v});
                }
                continue;
            }
            Double end = figure.onSteadyEnd(t);
            if (end != null) {
                values.add(new double[] {end});
                continue;
            }
            List<Double> levels = hasEnd(t) ? List.of() : figure.atLevels(t);
            if (levels.isEmpty()) {
                return Optional.empty();
            }
            double low = levels.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double high = levels.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            values.add(low == high ? new double[] {low} : new double[] {low, high});
        }
        return Optional.of(values);
    }

    /** Shifted windows whose last level was too short to measure: read at their lowest and highest level instead. */
    public static long unresolved(List<TrialResult> trials) {
        return trials.stream().filter(TrialResult::ok).filter(t -> t.outcome().flags().contains(Flag.WINDOW_SHIFTED)).filter(t -> !hasEnd(t))
                .count();
    }

    /** Good answers per second over each level of a shifted window, in order; empty for a flat window or one whose seconds were not kept. */
    static List<Double> levels(TrialResult t) {
        WindowShape shape = t.window().windowShape();
        List<SecondStats> series = t.window().series();
        if (shape == null || shape.flat() || series == null || !shape.figure().equals(SteadyState.PerSecond.ANSWERS.label())) {
            return List.of();
        }
        // Older records' levels may end with a sliver of a second the rates leave out.
        double[] good = WholeSeconds.rates(series, t.window().windowSeconds(), s -> s.answered() - s.errors());
        List<Double> out = new ArrayList<>();
        for (WindowShape.Segment s : shape.segments()) {
            int to = Math.min(s.to(), good.length);
            if (s.from() >= to) {
                return List.of();
            }
            out.add(Arrays.stream(good, s.from(), to).average().orElseThrow());
        }
        return out;
    }

    private static boolean hasEnd(TrialResult t) {
        return t.window().series() != null && lastLevel(t.window().windowShape(), t.window().series().size()).isPresent();
    }

    /** How many of the trials were measured on their steady end. */
    public static long shifted(List<TrialResult> trials) {
        return trials.stream().filter(TrialResult::ok).filter(t -> t.outcome().flags().contains(Flag.WINDOW_SHIFTED)).count();
    }

    /** Good answers per second over a shifted window's last level of answers per second, or empty when it has none long enough. */
    static Optional<Double> end(TrialResult t) {
        List<Double> levels = hasEnd(t) ? levels(t) : List.of();
        return levels.isEmpty() ? Optional.empty() : Optional.of(levels.getLast());
    }
}
