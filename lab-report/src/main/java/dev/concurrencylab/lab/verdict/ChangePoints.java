package dev.concurrencylab.lab.verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a series changes its mean or its variance: PELT (Killick, Fearnhead and Eckley 2012), exact
 * optimal partitioning with pruning. Cost of a segment: its length times the log of its variance
 * (the normal likelihood with both mean and variance free), the variance floored so that a run of
 * equal values is not free. Penalty per change: 3·ln n (BIC's: the segment's mean, its variance
 * and the change's place). Segments are at least {@link #MIN_SEGMENT} points long.
 */
public final class ChangePoints {

    /** Shortest segment: a variance needs a few points, and one odd second is not a regime. */
    public static final int MIN_SEGMENT = 3;
    /** Fluctuations under 1 % of the series' mean are treated as no variance at all. */
    private static final double RELATIVE_FLOOR = 0.01;

    private ChangePoints() {
    }

    /** Indexes where a new segment begins, ascending; empty for a series too short to split or with no change. */
    public static List<Integer> of(double[] y) {
        int n = y.length;
        if (n < 2 * MIN_SEGMENT) {
            return List.of();
        }
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            s1[i + 1] = s1[i] + y[i];
            s2[i + 1] = s2[i] + y[i] * y[i];
            sum += y[i];
        }
        double floor = Math.max(Math.pow(RELATIVE_FLOOR * Math.abs(sum / n), 2), 1e-12);
        double penalty = 6 * Math.log(n);
        double[] best = new double[n + 1];
        int[] lastChange = new int[n + 1];
        best[0] = -penalty;
        List<Integer> candidates = new ArrayList<>(List.of(0));
        for (int t = MIN_SEGMENT; t <= n; t++) {
            double min = Double.POSITIVE_INFINITY;
            int arg = 0;
            for (int s : candidates) {
                if (t - s >= MIN_SEGMENT) {
                    double c = best[s] + cost(s1, s2, s, t, floor) + penalty;
                    if (c < min) {
                        min = c;
                        arg = s;
                    }
                }
            }
            best[t] = min;
            lastChange[t] = arg;
            final int end = t;
            final double bound = min;
            // A start that cannot beat the best even without the penalty never will later (PELT's pruning).
            candidates.removeIf(s -> end - s >= MIN_SEGMENT && best[s] + cost(s1, s2, s, end, floor) > bound);
            if (t - MIN_SEGMENT + 1 >= MIN_SEGMENT) {
                candidates.add(t - MIN_SEGMENT + 1);
            }
        }
        List<Integer> changes = new ArrayList<>();
        for (int t = lastChange[n]; t > 0; t = lastChange[t]) {
            changes.addFirst(t);
        }
        return changes;
    }

    private static double cost(double[] s1, double[] s2, int from, int to, double floor) {
        int k = to - from;
        double mean = (s1[to] - s1[from]) / k;
        double variance = (s2[to] - s2[from]) / k - mean * mean;
        return k * Math.log(Math.max(variance, floor));
    }
}
