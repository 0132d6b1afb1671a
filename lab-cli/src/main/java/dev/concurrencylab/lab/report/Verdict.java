package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.TrialResult;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * How one variant compares with the base variant on one figure, said the way a reader would say
 * it ("2.2× lower p99 than mvc-platform (55 % lower)"), and only when the difference is larger
 * than the spread between trials. A flagged trial never wins silently: its flags are the verdict.
 */
public record Verdict(String variant, String base, Figure figure, Kind kind, String text) {

    /** Consistent but smaller changes are not worth a reader's attention (e.g. 99.2 % vs 99.6 % CPU). */
    static final double SMALLEST_CHANGE_PERCENT = 5;

    public enum Kind {
        BETTER, WORSE, DIFFERENT, NO_CLEAR_DIFFERENCE, NO_VERDICT
    }

    public static Verdict of(Figure figure, String variant, List<TrialResult> trials, String base, List<TrialResult> baseTrials) {
        TreeSet<String> flags = new TreeSet<>();
        trials.forEach(t -> flags.addAll(t.flags()));
        baseTrials.forEach(t -> flags.addAll(t.flags()));
        Spread a = Spread.of(figure, trials);
        Spread b = Spread.of(figure, baseTrials);
        if (a == null || b == null) {
            return new Verdict(variant, base, figure, Kind.NO_VERDICT, "no verdict: not measured on both");
        }
        if (!flags.isEmpty()) {
            return new Verdict(variant, base, figure, Kind.NO_VERDICT, "no verdict: flagged " + String.join(", ", flags));
        }
        if (a.n() < 2 || b.n() < 2) {
            return new Verdict(variant, base, figure, Kind.NO_VERDICT, "no verdict: one trial gives no spread to judge by");
        }
        if (!a.apartFrom(b) || a.median() == b.median()) {
            return new Verdict(variant, base, figure, Kind.NO_CLEAR_DIFFERENCE, "no clear difference from " + base + " (ranges overlap)");
        }
        double change = b.median() == 0 ? Double.POSITIVE_INFINITY : Math.abs(a.median() - b.median()) / Math.abs(b.median()) * 100;
        if (change < SMALLEST_CHANGE_PERCENT) {
            return new Verdict(variant, base, figure, Kind.NO_CLEAR_DIFFERENCE, String.format(Locale.ROOT,
                    "no clear difference from %s (%s %%, under %.0f %%)", base, Numbers.format(change), SMALLEST_CHANGE_PERCENT));
        }
        boolean higher = a.median() > b.median();
        String direction = higher ? "higher" : "lower";
        String text;
        if (b.median() != 0 && a.median() != 0) {
            double ratio = higher ? a.median() / b.median() : b.median() / a.median();
            double percent = Math.abs(a.median() - b.median()) / b.median() * 100;
            text = String.format(Locale.ROOT, "%s %s %s than %s (%s %% %s)", Numbers.ratio(ratio), direction,
                    figure.label(), base, Numbers.format(percent), direction);
        } else {
            text = String.format(Locale.ROOT, "%s %s than %s", direction, figure.label(), base);
        }
        Kind kind = switch (figure.better()) {
            case HIGHER -> higher ? Kind.BETTER : Kind.WORSE;
            case LOWER -> higher ? Kind.WORSE : Kind.BETTER;
            case NEITHER -> Kind.DIFFERENT;
        };
        return new Verdict(variant, base, figure, kind, text);
    }
}
