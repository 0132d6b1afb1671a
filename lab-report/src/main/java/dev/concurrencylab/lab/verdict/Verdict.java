package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.verdict.RatioInterval;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * How one variant compares with the base variant on one figure, said the way a reader would say
 * it ("2.2× lower p99 than mvc-platform (ratio 0.45, 95 % CI 0.40–0.51)"), and only when the
 * evidence carries it: the 95 % confidence interval of the ratio leaves out 1 and the change is
 * at least the suite's minimum effect. "The same" is an answer too: the whole interval within
 * ±min-effect. Anything between is undecided, with how many more trials would decide it. Trials
 * flagged for the driver or the window give no verdict; a trial the machine disturbed is left out,
 * and the others decide.
 */
public record Verdict(String variant, String base, Figure figure, Kind kind, String text, RatioInterval interval) {

    public enum Kind {
        BETTER, WORSE, DIFFERENT,
        /** The same within ±min-effect: the whole interval lies inside it. An answer, as much as a win. */
        SAME,
        /** Neither a difference nor the same: more trials would tell. */
        UNDECIDED,
        NO_VERDICT;

        /** More trials could not change it: a claim, the same, or no verdict for a reason trials do not mend. */
        public boolean decided() {
            return this != UNDECIDED;
        }
    }

    /** The sentence under every verdict list, so a reader knows what a claim stands on. */
    public static String rule(VerdictRules rules) {
        String m = Numbers.format(rules.minEffect() * 100);
        return String.format(Locale.ROOT, "a difference is claimed only when the 95 %% confidence interval of the ratio "
                + "(Welch's t on log-values over trials) leaves out 1 and the change is at least %s %%; "
                + "\"the same\" when the whole interval lies within ±%s %%; otherwise undecided", m, m);
    }

    /**
     * The verdict a report states, wherever it states one (the comparisons, the runs side by side, the
     * original's claims): where either side failed more requests than the suite allows, none on this figure, with the
     * failure verdict ({@link FailureRates}) as its reason; else {@link #of}.
     */
    public static Verdict reported(Figure figure, String variant, List<TrialResult> trials, String base, List<TrialResult> baseTrials,
            VerdictRules rules) {
        return FailureRates.decide(trials, baseTrials, rules)
                ? none(variant, base, figure, FailureRates.compare(variant, trials, base, baseTrials, rules).verdict().text())
                : of(figure, variant, trials, base, baseTrials, rules);
    }

    public static Verdict of(Figure figure, String variant, List<TrialResult> allTrials, String base, List<TrialResult> allBaseTrials,
            VerdictRules rules) {
        if (PairedVerdict.paired(allTrials) && PairedVerdict.paired(allBaseTrials)) {
            // the base's slices hold both its launches: the A/A's spread is part of every paired interval
            return PairedVerdict.of(figure, new PairedVerdict.Side(variant, 1), base,
                    Stream.concat(allTrials.stream(), allBaseTrials.stream()).toList(), rules);
        }
        Sides sides = Sides.of(figure, allTrials, allBaseTrials);
        if (sides.none() != null) {
            return none(variant, base, figure, sides.none());
        }
        if (sides.readings().size() == 1) {
            Sides.Reading r = sides.readings().getFirst();
            return judge(figure, variant, r.a(), base, r.b(), sides.basis(), rules);
        }
        // Intervals first, text for one reading only: a comparison may have 256 readings, a round's rule looks at each.
        List<RatioInterval> intervals = sides.readings().stream().map(r -> interval(r.a(), r.b(), RatioInterval.CONFIDENCE, rules)).toList();
        List<Kind> kinds = intervals.stream().map(ri -> kind(figure, ri, rules)).toList();
        Kind kind = kinds.getFirst();
        if (kinds.stream().allMatch(k -> k == kind)) {
            // Stated on the reading that supports it least: for a claim the interval nearest 1, for "the same" the widest,
            // for undecided the ratio nearest 1.
            java.util.Comparator<Integer> weakest = switch (kind) {
                case SAME -> java.util.Comparator.comparingDouble((Integer i) -> -farEnd(intervals.get(i)));
                case UNDECIDED -> java.util.Comparator.comparingDouble((Integer i) -> Math.abs(Math.log(intervals.get(i).ratio())));
                default -> java.util.Comparator.comparingDouble((Integer i) -> nearEnd(intervals.get(i)));
            };
            Sides.Reading r = sides.readings().get(java.util.stream.IntStream.range(0, intervals.size()).boxed().min(weakest).orElseThrow());
            return judge(figure, variant, r.a(), base, r.b(), sides.basis() + String.format(Locale.ROOT, kind == Kind.UNDECIDED
                    ? "; the reading nearest 1 of %d, all undecided" : "; the reading least in its favour of %d, all agreeing", intervals.size()), rules);
        }
        double low = intervals.stream().mapToDouble(RatioInterval::ratio).min().orElseThrow();
        double high = intervals.stream().mapToDouble(RatioInterval::ratio).max().orElseThrow();
        RatioInterval nearest = intervals.stream().min(java.util.Comparator.comparingDouble(ri -> Math.abs(Math.log(ri.ratio())))).orElseThrow();
        return new Verdict(variant, base, figure, Kind.UNDECIDED, String.format(Locale.ROOT,
                "undecided against %s (ratio %s–%s over %d readings, which do not agree: a claim at some, none at others%s; "
                + "more trials of each would tell)", base, fixed(low), fixed(high), intervals.size(), sides.basis()), nearest);
    }

    /** A claim's direction, the same, or undecided, by the interval alone. */
    static Kind kind(Figure figure, RatioInterval ri, VerdictRules rules) {
        if (!ri.claims(rules.minEffect())) {
            return ri.within(rules.minEffect()) ? Kind.SAME : Kind.UNDECIDED;
        }
        boolean higher = ri.ratio() > 1;
        return switch (figure.better()) {
            case HIGHER -> higher ? Kind.BETTER : Kind.WORSE;
            case LOWER -> higher ? Kind.WORSE : Kind.BETTER;
            case NEITHER -> Kind.DIFFERENT;
        };
    }

    /** How near 1 an interval's nearer end comes, on a log scale. */
    private static double nearEnd(RatioInterval ri) {
        return Math.min(Math.abs(Math.log(ri.low())), Math.abs(Math.log(ri.high())));
    }

    /** How far from 1 an interval's farther end reaches, on a log scale. */
    private static double farEnd(RatioInterval ri) {
        return Math.max(Math.abs(Math.log(ri.low())), Math.abs(Math.log(ri.high())));
    }

    /** The verdict on one reading of both sides' values. */
    private static Verdict judge(Figure figure, String variant, double[] a, String base, double[] b, String basis, VerdictRules rules) {
        Optional<String> groups = inconsistent(figure, variant, a, rules).or(() -> inconsistent(figure, base, b, rules));
        RatioInterval ri = interval(a, b, RatioInterval.CONFIDENCE, rules);
        String figures = String.format(Locale.ROOT, "ratio %s, 95 %% CI %s", fixed(ri.ratio()), ri.ends(Verdict::fixed))
                + groups.map(g -> " by ranks, " + pairs(a, b) + "; " + g).orElse("") + basis;
        String m = Numbers.format(rules.minEffect() * 100);
        if (!ri.claims(rules.minEffect())) {
            if (ri.within(rules.minEffect())) {
                return new Verdict(variant, base, figure, Kind.SAME, "the same as " + base + " within ±" + m + " % (" + figures + ")", ri);
            }
            if (groups.isPresent() && Double.isInfinite(ri.high())) {
                return new Verdict(variant, base, figure, Kind.UNDECIDED, String.format(Locale.ROOT, "undecided against %s (%s; "
                        + "%d and %d trials cannot bound a ratio by ranks at 95 %%: more launches of each would tell)",
                        base, groups.get(), a.length, b.length), ri);
            }
            return new Verdict(variant, base, figure, Kind.UNDECIDED, "undecided against " + base + " (" + figures
                    + (groups.isPresent() ? "; more launches of each would tell" : more(ri, rules, Math.min(a.length, b.length))) + ")", ri);
        }
        return new Verdict(variant, base, figure, kind(figure, ri, rules), claim(figure, ri, base, figures), ri);
    }

    /** A claim as a reader says it: "12.0 % lower throughput than mvc-platform (…)", what it rests on in brackets. */
    static String claim(Figure figure, RatioInterval ri, String base, String figures) {
        boolean higher = ri.ratio() > 1;
        double times = higher ? ri.ratio() : 1 / ri.ratio();
        // "1.1× lower" hides a 6 % change; below 1.5× the change reads better as a percentage.
        String size = times >= 1.5 ? Numbers.ratio(times) : Numbers.format(Math.abs(ri.ratio() - 1) * 100) + " %";
        return String.format(Locale.ROOT, "%s %s %s than %s (%s)", size, higher ? "higher" : "lower", figure.label(), base, figures);
    }

    /**
     * The interval a comparison is judged on: Welch's over log-values, or by ranks
     * ({@link RankInterval}) where either side's launches fell in two groups ({@link Launches}).
     */
    public static RatioInterval interval(double[] variant, double[] base, double confidence, VerdictRules rules) {
        boolean groups = Launches.split(variant, rules.minEffect()).isPresent() || Launches.split(base, rules.minEffect()).isPresent();
        return groups ? RankInterval.of(variant, base, confidence) : RatioInterval.of(variant, base, confidence);
    }

    /** "higher in 14 of 15 launch pairs", or "in every launch pair": what a ratio by ranks rests on. */
    private static String pairs(double[] variant, double[] base) {
        double above = RankInterval.pairsAbove(variant, base);
        int all = variant.length * base.length;
        String way = above * 2 >= all ? "higher" : "lower";
        double count = above * 2 >= all ? above : all - above;
        return count == all ? way + " in every launch pair" : String.format(Locale.ROOT, "%s in %s of %d launch pairs", way, Numbers.format(count), all);
    }

    /** How many more trials would decide it at the spread seen. */
    private static String more(RatioInterval ri, VerdictRules rules, int ran) {
        OptionalInt n = ri.trialsFor(rules.minEffect());
        String m = Numbers.format(rules.minEffect() * 100);
        if (n.isPresent() && n.getAsInt() > ran) {
            int more = n.getAsInt() - ran;
            return String.format(Locale.ROOT, "; at this spread about %d more %s of each would decide a %s %% change",
                    more, more == 1 ? "trial" : "trials", m);
        }
        if (n.isPresent()) {
            return String.format(Locale.ROOT, "; the change is near %s %%: more trials of each would decide", m);
        }
        return String.format(Locale.ROOT, "; at this spread over 1,000 trials of each would be needed to decide a %s %% change", m);
    }

    /** "webflux is inconsistent across launches: …", when its trials fall in two groups. */
    private static Optional<String> inconsistent(Figure figure, String variant, double[] values, VerdictRules rules) {
        return Launches.split(values, rules.minEffect()).map(s -> String.format(Locale.ROOT,
                "%s is inconsistent across launches: its %s fell in two groups, %s and %s %s", variant, figure.label(),
                range(s.lower()), range(s.upper()), figure.unit()).trim());
    }

    private static String range(double[] sorted) {
        String low = Numbers.format(sorted[0]);
        String high = Numbers.format(sorted[sorted.length - 1]);
        return low.equals(high) ? low : low + "–" + high;
    }

    private static Verdict none(String variant, String base, Figure figure, String text) {
        return new Verdict(variant, base, figure, Kind.NO_VERDICT, text, null);
    }

    /** Failed requests over requests attempted, pooled over the completed trials: above the suite's limit, no verdict. */
    public static double errorRate(List<TrialResult> trials) {
        double failed = 0;
        double attempted = 0;
        for (TrialResult t : trials) {
            if (t.ok()) {
                failed += t.window().failedCount();
                attempted += t.window().attempts();
            }
        }
        return attempted == 0 ? 0 : failed / attempted;
    }

    static String fixed(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
