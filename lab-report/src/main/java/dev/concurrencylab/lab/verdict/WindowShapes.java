package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.load.SteadyState;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.result.WindowShape.Segment;
import dev.concurrencylab.lab.result.WindowShape.Shape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A window's class from the change points of its per-second series: levels closer than the
 * minimum effect (or than {@code floor}, in the figure's unit) are one level; one level is flat,
 * two are a warm-up or a slowdown by which way the last went, more are no steady state.
 *
 * <p>A closed load that moves through its window by design (E0's stages) is classed only when its
 * answers per second held one level all the same: the users changed and the server's throughput did
 * not, so it was at its capacity throughout, and a warm-up still moving the server's level would have
 * moved that too. A ramped window that moved says nothing either way (the ramp may be why), so it has
 * no class, as before.
 */
public final class WindowShapes {

    private WindowShapes() {
    }

    /**
     * The window's class by the change points of the figure its warm-up watched; {@code null} when
     * it cannot be told: a window too short to split, a counted one, or one whose load moved by
     * design and its throughput with it.
     */
    public static WindowShape ofWindow(LoadModel model, List<SecondStats> series, double windowSeconds, VerdictRules rules) {
        if (model == null || series == null || !model.timed() || !model.constantLoad() && model.open()) {
            return null;
        }
        SteadyState rule = model.constantLoad() ? model.steadyState() : SteadyState.THROUGHPUT;
        boolean answers = rule.figure() == SteadyState.PerSecond.ANSWERS;
        double[] values = answers ? WholeSeconds.rates(series, windowSeconds, SecondStats::answered)
                : WholeSeconds.levels(series, windowSeconds, SecondStats::p50Ms);
        if (values.length < 2 * ChangePoints.MIN_SEGMENT) {
            return null;
        }
        WindowShape shape = of(rule.figure().label(), values, answers, rules.minEffect(), rule.floor());
        return model.constantLoad() || shape.flat() ? shape : null;
    }

    /**
     * A completed trial recorded before its window could be classed, classed as one recorded now
     * would be, from the per-second series it kept: a moved level flagged window-shifted, a ramp that
     * held one level classed flat. Reports read what the rules say of the data, whichever lab wrote it.
     */
    public static TrialResult classed(TrialResult t, VerdictRules rules) {
        if (!t.ok() || t.window().windowShape() != null || t.window().series().isEmpty()) {
            return t;
        }
        WindowShape shape = ofWindow(t.identity().load(), t.window().series(), t.window().windowSeconds(), rules);
        if (shape == null) {
            return t;
        }
        return t.withWindowShape(shape, shape.flat() ? null : describe(shape) + " (classed when read: the record predates its window's class)");
    }

    /** A results directory with each completed trial's window classed as above, by the rules its run recorded. */
    public static RunResults classed(RunResults results) {
        VerdictRules rules = results.rules();
        return new RunResults(results.dir(), results.run(), results.trials().stream().map(t -> classed(t, rules)).toList());
    }

    /** A moved window as its window-shifted flag says it: each level with its seconds. */
    public static String describe(WindowShape shape) {
        List<String> levels = shape.segments().stream().map(s -> String.format(Locale.ROOT, "%s (s %d–%d)",
                Numbers.format(s.mean()), s.from(), s.to())).toList();
        return String.format(Locale.ROOT, "%s: %s went %s", shape.shape().key(), shape.figure(), String.join(" → ", levels));
    }

    /**
     * @param figure         what the series is, as the trial says it
     * @param perSecond      the window's series
     * @param higherIsBetter answers per second: higher is better; a latency: lower is
     * @param floor          differences under this (in the series' unit) count as none
     */
    public static WindowShape of(String figure, double[] perSecond, boolean higherIsBetter, double minEffect, double floor) {
        List<Integer> changes = ChangePoints.of(perSecond);
        List<Segment> levels = new ArrayList<>();
        int from = 0;
        for (int to : concat(changes, perSecond.length)) {
            Segment next = new Segment(from, to, mean(perSecond, from, to));
            Segment last = levels.isEmpty() ? null : levels.getLast();
            if (last != null && close(last.mean(), next.mean(), minEffect, floor)) {
                levels.set(levels.size() - 1, new Segment(last.from(), to, mean(perSecond, last.from(), to)));
            } else {
                levels.add(next);
            }
            from = to;
        }
        levels.replaceAll(s -> new Segment(s.from(), s.to(), Math.round(s.mean() * 1000) / 1000.0));
        Shape shape;
        if (levels.size() == 1) {
            shape = Shape.FLAT;
        } else if (levels.size() == 2) {
            boolean rose = levels.get(1).mean() > levels.get(0).mean();
            shape = rose == higherIsBetter ? Shape.WARM_UP : Shape.SLOWDOWN;
        } else {
            shape = Shape.NO_STEADY_STATE;
        }
        return new WindowShape(figure, shape, List.copyOf(levels));
    }

    private static boolean close(double a, double b, double minEffect, double floor) {
        return Math.abs(a - b) <= Math.max(minEffect * Math.min(Math.abs(a), Math.abs(b)), floor);
    }

    private static List<Integer> concat(List<Integer> changes, int end) {
        List<Integer> ends = new ArrayList<>(changes);
        ends.add(end);
        return ends;
    }

    private static double mean(double[] y, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += y[i];
        }
        return sum / (to - from);
    }
}
