package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A figure over the trials of one variant and benchmark: the median, the range, and how many
 * trials had a value. With one trial there is no spread, and so no basis for a verdict.
 *
 * @param lowerBound a latency of trials whose open model left arrivals unsent: those arrivals are in
 *                   no latency, so the true figure is at least this (printed {@code ≥})
 */
public record Spread(double median, double min, double max, int n, boolean lowerBound) {

    /** The latencies a trial's unsent arrivals would have added to: every one from the median up. */
    private static final Set<Figure> LATENCIES = EnumSet.of(Figure.MEAN, Figure.P50, Figure.P90, Figure.P95, Figure.P99, Figure.P999,
            Figure.MAX);

    public Spread(double median, double min, double max, int n) {
        this(median, min, max, n, false);
    }

    /** Over the trials that completed ({@code ok}); {@code null} when none has the figure. */
    public static Spread of(Figure figure, List<TrialResult> trials) {
        List<TrialResult> ok = trials.stream().filter(TrialResult::ok).toList();
        List<Double> values = ok.stream().map(figure::of).filter(Objects::nonNull).sorted().toList();
        if (values.isEmpty()) {
            return null;
        }
        boolean unsent = LATENCIES.contains(figure) && ok.stream().anyMatch(t -> t.delivery() != null && t.delivery().behind() > 0);
        return new Spread(median(values), values.getFirst(), values.getLast(), values.size(), unsent);
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

    /** {@code 412 (398–431)}, or the single value when there was one trial; {@code ≥ 412 (398–431)} for a lower bound. */
    public String text() {
        String bound = lowerBound ? "≥ " : "";
        return bound + (n == 1 || min == max ? Numbers.format(median) : Numbers.format(median) + " (" + Numbers.format(min) + "–" + Numbers.format(max) + ")");
    }
}
