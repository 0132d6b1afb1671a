package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.Slice;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A paired design's verdict: one variant against the base on one figure, from slices of live servers
 * measured seconds apart. Within a block, each launch's level is read against the cycles' common level
 * (an additive fit of launch and cycle on log-values, so a slice left out leaves its cycle's others
 * paired): the host's drift, shared by the slices of a cycle, cancels. Launches are the replicates:
 * the interval counts the spread from launch to launch, learnt from the base's two launches in every
 * block (the A/A) and from each variant's spread over blocks, pooled, with its degrees of freedom
 * (docs/methodology.md, "Paired windows"). The A/A line itself is judged on the variants' spread
 * alone, so it checks the pool rather than feeding its own verdict. A slice the machine disturbed, or flagged for the driver or
 * its window, is left out and counted; a server that died fails its side.
 */
public final class PairedVerdict {

    private PairedVerdict() {
    }

    /** True when the trials are a paired design's slices. */
    public static boolean paired(List<TrialResult> trials) {
        return !trials.isEmpty() && trials.stream().allMatch(t -> t.identity().slice() != null);
    }

    /** The sentence under a paired benchmark's verdicts. */
    public static String rule(VerdictRules rules) {
        String m = Numbers.format(rules.minEffect() * 100);
        return String.format(Locale.ROOT, "paired design: each launch's level is read against the other launches' in the same cycles, "
                + "and the 95 %% confidence interval of the ratio counts the spread from launch to launch (t over launches, pooled "
                + "with the A/A's); a difference is claimed only when it leaves out 1 and the change is at least %s %%; "
                + "\"the same\" when the whole interval lies within ±%s %%; otherwise undecided", m, m);
    }

    /** A side of a comparison: a variant's launch ({@code copy} 1) or the base's second launch (2). */
    public record Side(String variant, int copy) {

        String label() {
            return new Slice(0, 0, 0, copy).server(variant);
        }
    }

    /**
     * The verdict of {@code side} against the base's first launches and, for a variant, its second
     * launches too (the base is both); for the A/A ({@code side} the base's copy 2), against copy 1 only.
     *
     * @param slices every slice of the benchmark, every server's
     */
    public static Verdict of(Figure figure, Side side, String base, List<TrialResult> slices, VerdictRules rules) {
        return of(figure, side, base, slices, rules, RatioInterval.CONFIDENCE);
    }

    /**
     * Whether a paired benchmark needs no more blocks: every variant against the base is decided on
     * the figures {@link Sequential} decides on, at an interim look's level (Haybittle–Peto, as rounds
     * of trials stop: 99.9 % before the last block, so the last keeps the fixed design's 95 %), or
     * failed. A comparison without an interval yet (too few blocks or launches) is not decided.
     *
     * @param slices the benchmark's slices so far, every server's
     */
    public static boolean decided(List<TrialResult> slices, String base, VerdictRules rules) {
        List<String> variants = slices.stream().map(t -> t.identity().variant()).filter(v -> !v.equals(base)).distinct().toList();
        for (String variant : variants) {
            for (Figure figure : Sequential.DECIDING) {
                Verdict.Kind kind = of(figure, new Side(variant, 1), base, slices, rules, Sequential.INTERIM_CONFIDENCE).kind();
                if (kind == Verdict.Kind.UNDECIDED || kind == Verdict.Kind.NO_VERDICT) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Verdict of(Figure figure, Side side, String base, List<TrialResult> slices, VerdictRules rules, double confidence) {
        boolean aa = side.variant().equals(base);
        List<TrialResult> mine = of(slices, side.variant(), aa ? List.of(side.copy()) : List.of(1));
        List<TrialResult> theirs = of(slices, base, aa ? List.of(1) : List.of(1, 2));
        String label = side.label();
        Optional<String> died = death(mine);
        Optional<String> baseDied = death(theirs);
        if (died.isPresent() || baseDied.isPresent()) {
            if (died.isPresent() && baseDied.isEmpty()) {
                return new Verdict(label, base, Figure.ERROR_RATE, Verdict.Kind.WORSE, "failed: " + died.get(), null);
            }
            if (died.isEmpty()) {
                return new Verdict(label, base, Figure.ERROR_RATE, Verdict.Kind.BETTER, "kept serving where " + base + " failed: "
                        + baseDied.get(), null);
            }
            return new Verdict(label, base, figure, Verdict.Kind.NO_VERDICT, "no verdict: both failed (" + died.get() + "; " + baseDied.get() + ")", null);
        }
        if (FailureRates.decide(mine, theirs, rules)) {
            return FailureRates.compare(label, mine, base, theirs, rules).verdict();
        }
        LaunchLevels launches = LaunchLevels.read(figure, slices, base);
        long droppedMine = mine.size() - kept(mine).size();
        long droppedTheirs = theirs.size() - kept(theirs).size();
        String dropped = droppedMine + droppedTheirs == 0 ? "" : String.format(Locale.ROOT, "; %d and %d slice(s) left out for their flags",
                droppedMine, droppedTheirs);
        Optional<LaunchLevels.Estimate> e = aa ? launches.aa() : launches.against(side.variant());
        // the A/A is judged on the spread the other variants showed from block to block, not on its own: a check of the pool
        LaunchLevels.Spread spread = aa ? launches.others() : launches.pooled();
        if (e.isEmpty() || spread.df() < 1) {
            return new Verdict(label, base, figure, Verdict.Kind.NO_VERDICT, String.format(Locale.ROOT,
                    "no verdict: %s; a paired interval needs a block with both sides and two launches of one variant at least%s%s",
                    launches.describe(spread), aa ? " (for the A/A, a variant besides the base in two blocks)" : "", dropped), null);
        }
        double t = new TDistribution(null, spread.df()).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        double se = Math.sqrt(spread.variance() * e.get().weight());
        double d = e.get().logRatio();
        RatioInterval ri = new RatioInterval(Math.exp(d), Math.exp(d - t * se), Math.exp(d + t * se), Math.sqrt(spread.variance()));
        String figures = String.format(Locale.ROOT, "ratio %s, 95 %% CI %s; %s%s", Verdict.fixed(ri.ratio()), ri.ends(Verdict::fixed),
                launches.describe(spread), dropped);
        String m = Numbers.format(rules.minEffect() * 100);
        Verdict.Kind kind = Verdict.kind(figure, ri, rules);
        return switch (kind) {
            case SAME -> new Verdict(label, base, figure, kind, "the same as " + base + " within ±" + m + " % (" + figures + ")", ri);
            case UNDECIDED -> new Verdict(label, base, figure, kind, "undecided against " + base + " (" + figures + "; " + more(launches, spread) + ")", ri);
            default -> new Verdict(label, base, figure, kind, Verdict.claim(figure, ri, base, figures), ri);
        };
    }

    /**
     * What would decide an undecided line. Where the slices' own noise makes most of the launches'
     * spread, a launch's level is as uncertain as its few slices make it, and more cycles a block
     * narrow the interval too (each block's launches are then read from more of them).
     */
    private static String more(LaunchLevels launches, LaunchLevels.Spread spread) {
        return launches.sliceShare(spread) >= 0.5 ? "more blocks, or more cycles a block (most of the spread is the slices' own noise), would tell"
                : "more blocks would tell";
    }

    private static List<TrialResult> of(List<TrialResult> slices, String variant, List<Integer> copies) {
        return slices.stream().filter(t -> t.identity().variant().equals(variant) && copies.contains(t.identity().slice().copy())).toList();
    }

    /** What ended a side's server, when one of its launches failed to start or died. */
    private static Optional<String> death(List<TrialResult> side) {
        return side.stream().filter(t -> !t.ok()).findFirst().map(t -> String.format(Locale.ROOT, "%s in block %d, cycle %d (%s)",
                t.outcome().flags().contains(Flag.SERVER_DIED) ? "its server died" : "a slice failed", t.identity().slice().block(),
                t.identity().slice().cycle(), t.outcome().failure()));
    }

    /** The slices a verdict reads: completed, not disturbed by the machine, not flagged for the driver or the window. */
    static List<TrialResult> kept(List<TrialResult> slices) {
        return slices.stream().filter(TrialResult::ok).filter(t -> t.voidingFlags().isEmpty())
                .filter(t -> t.outcome().flags().stream().noneMatch(f -> f.party() == Flag.Party.MACHINE)).toList();
    }
}
