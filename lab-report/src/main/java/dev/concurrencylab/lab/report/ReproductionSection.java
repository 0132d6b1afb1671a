package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.result.Published;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import dev.concurrencylab.lab.verdict.RatioInterval;
import dev.concurrencylab.lab.verdict.Reproduction;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The original's claims against this run: each published ratio beside the ratio measured here,
 * with its 95 % interval, and whether the claim held. The original's absolute figures come from
 * other hardware and tools; they are listed apart, as theirs, and never compared with ours.
 */
final class ReproductionSection {

    private ReproductionSection() {
    }

    static Section of(Published published, RunResults results) {
        List<List<String>> rows = new ArrayList<>();
        for (Published.Claim claim : published.comparisons()) {
            Figure figure = Figure.byKey(claim.figure());
            String what = claim.of() + " over " + claim.over();
            String claimed = String.format(Locale.ROOT, "%s (%s / %s)", times(published.ratio(claim)),
                    Numbers.format(published.value(claim.figure(), claim.of()).getAsDouble()),
                    Numbers.format(published.value(claim.figure(), claim.over()).getAsDouble()));
            if (figure == null) {
                rows.add(List.of(claim.figure(), what, claimed, "–", "no verdict: the lab has no figure '" + claim.figure() + "'"));
                continue;
            }
            List<TrialResult> of = results.trials(claim.of().benchmark(), claim.of().variant());
            List<TrialResult> over = results.trials(claim.over().benchmark(), claim.over().variant());
            boolean paired = claim.of().benchmark().equals(claim.over().benchmark()) && PairedVerdict.paired(of) && PairedVerdict.paired(over);
            // a paired run's slices are read as its comparisons read them, launch by launch in their cycles, never as trials
            Verdict compared = paired ? Verdict.reported(figure, claim.of().variant(), of, claim.over().variant(), over, results.rules())
                    : Verdict.reported(figure, claim.of().toString(), of, claim.over().toString(), over, results.rules());
            rows.add(List.of(figure.label(), what, claimed,
                    paired ? measured(figure, of, over, compared) : measured(figure, of, over, results.rules()),
                    verdict(figure, published.ratio(claim), of, over, compared)));
        }
        List<List<String>> theirs = new ArrayList<>();
        for (Published.Value v : published.figures()) {
            Figure f = Figure.byKey(v.figure());
            theirs.add(List.of(v.benchmark(), v.variant(), f == null ? v.figure() : f.label(), Numbers.format(v.value()),
                    f == null ? "" : f.unit()));
        }
        String scale = results.run().definition().scale();
        String note = "Reproduced: the published ratio lies inside the measured 95 % interval (Welch's t on log-values over trials) "
                + "and the interval leaves out 1. Inconclusive: the interval holds both the published ratio and 1, so this run "
                + "cannot tell the claim from no difference (more trials narrow it). "
                + "Same direction, different size: both find the same side higher, by amounts the interval tells apart. "
                + "Not reproduced: the lab finds no difference (its interval holds 1) where the original claimed one. "
                + "Reversed: the lab finds the other side higher. "
                + "Where the comparison of the two sides gives no verdict (flags, errors, too few trials, a side inconsistent across "
                + "launches) or is undecided, so does this table, with the comparison's words." + (scale.equals("full") ? ""
                : " This run is at scale " + scale + ", smaller than the original's (docs/experiments.md); ratios, not counts, are compared.");
        return new Section("Reproduction of " + published.experiment(),
                String.format("the original's claims (%s; %s) against this run", published.tool(), published.hardware()), "",
                List.of(new Table("", List.of("figure", "ratio", "published", "measured here (95 % CI)", "verdict"), rows, note, -1),
                        new Table("As published (their hardware and tools; context only, not compared)",
                                List.of("benchmark", "variant", "figure", "value", "unit"), theirs, null, -1)),
                "", List.of(), List.of(), List.of(), List.of());
    }

    private static double median(double[] values) {
        return Spread.median(Arrays.stream(values).sorted().boxed().toList());
    }

    /** The measured ratio with the interval the comparisons judge it on (by ranks where launches fell in two groups). */
    private static String measured(Figure figure, List<TrialResult> of, List<TrialResult> over, VerdictRules rules) {
        double[] a = values(figure, of);
        double[] b = values(figure, over);
        if (a.length == 0 || b.length == 0) {
            return "–";
        }
        if (a.length < 2 || b.length < 2) {
            return times(median(a) / median(b)) + " (no interval)";
        }
        RatioInterval ri = Verdict.interval(a, b, RatioInterval.CONFIDENCE, rules);
        return String.format(Locale.ROOT, "%s (%s)", times(ri.ratio()), ri.ends(ReproductionSection::times));
    }

    /** A paired run's measured ratio: the comparison's own interval, or the medians' ratio where it has none. */
    private static String measured(Figure figure, List<TrialResult> of, List<TrialResult> over, Verdict compared) {
        double[] a = values(figure, of);
        double[] b = values(figure, over);
        if (a.length == 0 || b.length == 0) {
            return "–";
        }
        RatioInterval ri = compared.interval();
        return ri == null ? times(median(a) / median(b)) + " (no interval)"
                : String.format(Locale.ROOT, "%s (%s)", times(ri.ratio()), ri.ends(ReproductionSection::times));
    }

    /**
     * The claim read against the same verdict the comparisons give these two sides: where that is none, or
     * undecided, the claim gets its words and reason, so this table never says what the comparisons refuse.
     */
    private static String verdict(Figure figure, double published, List<TrialResult> ofTrials, List<TrialResult> overTrials, Verdict compared) {
        if (values(figure, ofTrials).length == 0 || values(figure, overTrials).length == 0) {
            return "no verdict: not measured on both sides in this run";
        }
        if (compared.kind() == Verdict.Kind.NO_VERDICT) {
            return compared.text();
        }
        Reproduction reproduction = Reproduction.of(published, compared.interval());
        // The interval leaves out 1, but by less than the minimum effect: the comparison claims no difference, so neither does this.
        if (compared.kind() == Verdict.Kind.UNDECIDED && compared.interval().excludesOne()
                && reproduction != Reproduction.NOT_REPRODUCED && reproduction != Reproduction.INCONCLUSIVE) {
            return compared.text();
        }
        return reproduction.text();
    }

    /** A ratio has no meaning for a zero, so those trials are left out. */
    private static double[] values(Figure figure, List<TrialResult> trials) {
        return Arrays.stream(figure.values(trials)).filter(v -> v > 0 && Double.isFinite(v)).toArray();
    }

    /** Two decimals: intervals such as 0.98–1.05 must stay apart; small ratios keep two significant digits. */
    private static String times(double r) {
        String f = r >= 100 ? "%.0f×" : r >= 10 ? "%.1f×" : r >= 0.1 ? "%.2f×" : "%.2g×";
        return String.format(Locale.ROOT, f, r);
    }
}
