package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.result.WindowShape.Segment;
import dev.concurrencylab.lab.result.WindowShape.Shape;
import java.util.ArrayList;
import java.util.List;

/**
 * A window's class from the change points of its per-second series: levels closer than the
 * minimum effect (or than {@code floor}, in the figure's unit) are one level; one level is flat,
 * two are a warm-up or a slowdown by which way the last went, more are no steady state.
 */
public final class WindowShapes {

    private WindowShapes() {
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
