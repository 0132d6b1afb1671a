package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.Numbers;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import java.util.List;
import java.util.Objects;

/**
 * A figure over the trials of one variant and benchmark: the median, the range, and how many
 * trials had a value. With one trial there is no spread, and so no basis for a verdict.
 */
public record Spread(double median, double min, double max, int n) {

    /** Over the trials that completed ({@code ok}); {@code null} when none has the figure. */
    public static Spread of(Figure figure, List<TrialResult> trials) {
        List<Double> values = trials.stream().filter(TrialResult::ok).map(figure::of)
                .filter(Objects::nonNull).sorted().toList();
        if (values.isEmpty()) {
            return null;
        }
        return new Spread(median(values), values.getFirst(), values.getLast(), values.size());
    }

    /** Of values sorted in ascending order: the middle one, or the mean of the middle two. */
    static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** True when the two ranges share no value: the difference is larger than trial-to-trial spread. */
    public boolean apartFrom(Spread other) {
        return max < other.min || other.max < min;
    }

    /** {@code 412 (398–431)}, or the single value when there was one trial. */
    public String text() {
        return n == 1 || min == max ? Numbers.format(median) : Numbers.format(median) + " (" + Numbers.format(min) + "–" + Numbers.format(max) + ")";
    }
}
