package dev.concurrencylab.lab.verdict;

import java.util.Arrays;
import java.util.Optional;

/**
 * Whether one variant's launches agree: sorted on a log scale, its trials split at their widest gap
 * into two groups when that gap is at least 1 + 10 × min-effect (1.5× at 5 %) and at least three
 * times the wider group's own range. Such a variant ran in two modes (seen: mvc-platform at ~2,000
 * or ~10,000 req/s by launch, before the JIT got its warm-up priority); a ratio over both describes
 * neither.
 */
public final class Launches {

    /** The two groups, each sorted ascending. */
    public record Split(double[] lower, double[] upper) {
    }

    private Launches() {
    }

    public static Optional<Split> split(double[] values, double minEffect) {
        if (values.length < 2 || Arrays.stream(values).anyMatch(v -> !(v > 0))) {
            return Optional.empty();
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int at = 0;
        double gap = 0;
        for (int i = 1; i < sorted.length; i++) {
            double g = Math.log(sorted[i]) - Math.log(sorted[i - 1]);
            if (g > gap) {
                gap = g;
                at = i;
            }
        }
        if (gap == 0) {
            return Optional.empty();
        }
        double[] lower = Arrays.copyOfRange(sorted, 0, at);
        double[] upper = Arrays.copyOfRange(sorted, at, sorted.length);
        double within = Math.max(logRange(lower), logRange(upper));
        if (gap >= Math.log1p(10 * minEffect) && gap >= 3 * within) {
            return Optional.of(new Split(lower, upper));
        }
        return Optional.empty();
    }

    private static double logRange(double[] sorted) {
        return Math.log(sorted[sorted.length - 1]) - Math.log(sorted[0]);
    }
}
