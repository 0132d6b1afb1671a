package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.load.SecondStats;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A window's per-second figures as levels can be read from them. The series counts seconds from the
 * window's first request, so its last second is whole only when the window's length is a whole number
 * of seconds: most windows end a few ms short of it, and one whose phase ended late holds a sliver of a
 * further second (4 answers where the others had 96, seen beside a test run). Read as it stands, a
 * part-second's count is a drop that no server made, and one odd second among three is a level of its
 * own to the change points. So a count in the last second is taken per the part of it the window
 * covered, and a last second covered less than half is left out: a few answers are no rate.
 */
public final class WholeSeconds {

    /** Under this part of its last second covered, the window's last second is left out. */
    static final double LEAST_COVERED = 0.5;

    private WholeSeconds() {
    }

    /** A count per second (answers, good answers): the last second's per the part of it the window covered. */
    public static double[] rates(List<SecondStats> series, double windowSeconds, ToDoubleFunction<SecondStats> count) {
        int n = seconds(series, windowSeconds);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = count.applyAsDouble(series.get(i));
        }
        if (n == series.size() && n > 0) {
            out[n - 1] /= covered(series, windowSeconds);
        }
        return out;
    }

    /** A figure that is no count (a percentile): as it is, but for a last second covered less than half. */
    public static double[] levels(List<SecondStats> series, double windowSeconds, ToDoubleFunction<SecondStats> figure) {
        return series.subList(0, seconds(series, windowSeconds)).stream().mapToDouble(figure).toArray();
    }

    /** How many of the series' seconds are read. */
    static int seconds(List<SecondStats> series, double windowSeconds) {
        return !series.isEmpty() && covered(series, windowSeconds) < LEAST_COVERED ? series.size() - 1 : series.size();
    }

    /**
     * The part of its last second the window covered; 1 when the window is not known (older records) or its
     * last seconds saw no request at all (the series ends with the last second that saw one).
     */
    private static double covered(List<SecondStats> series, double windowSeconds) {
        double part = windowSeconds - (series.size() - 1);
        return windowSeconds <= 0 || part >= 1 ? 1 : Math.max(0, part);
    }
}
