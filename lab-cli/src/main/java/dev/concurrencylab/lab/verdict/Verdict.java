package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.Numbers;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.RatioInterval;
import dev.concurrencylab.lab.verdict.VerdictRules;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * How one variant compares with the base variant on one figure, said the way a reader would say
 * it ("2.2× lower p99 than mvc-platform (ratio 0.45, 95 % CI 0.40–0.51)"), and only when the
 * evidence carries it: the 95 % confidence interval of the ratio leaves out 1 and the change is
 * at least the suite's minimum effect. "The same" is an answer too: the whole interval within
 * ±min-effect. Anything between is undecided, with how many more trials would decide it. Trials
 * flagged for the driver, the machine or the window give no verdict.
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
     * original's claims): none at all when either side failed more requests than the suite allows, else {@link #of}.
     */
    public static Verdict reported(Figure figure, String variant, List<TrialResult> trials, String base, List<TrialResult> baseTrials,
            VerdictRules rules) {
        return failedTooOften(variant, trials, base, baseTrials, rules).map(why -> none(variant, base, figure, why))
                .orElseGet(() -> of(figure, variant, trials, base, baseTrials, rules));
    }

    /**
     * Past the suite's error rate on either side, throughput and latency no longer say how the server did:
     * the sentence that says so, or empty.
     */
    public static Optional<String> failedTooOften(String variant, List<TrialResult> trials, String base, List<TrialResult> baseTrials,
            VerdictRules rules) {
        double errors = errorRate(trials);
        double baseErrors = errorRate(baseTrials);
        if (errors <= rules.maxErrorRate() && baseErrors <= rules.maxErrorRate()) {
            return Optional.empty();
        }
        String who = errors > rules.maxErrorRate() ? Numbers.format(errors * 100) + " % errors"
                : base + " has " + Numbers.format(baseErrors * 100) + " % errors";
        return Optional.of(String.format(Locale.ROOT, "no latency or throughput verdict: %s (above %s %%); error rate %s %% against %s %% for %s",
                who, Numbers.format(rules.maxErrorRate() * 100), Numbers.format(errors * 100), Numbers.format(baseErrors * 100), base));
    }

    public static Verdict of(Figure figure, String variant, List<TrialResult> trials, String base, List<TrialResult> baseTrials,
            VerdictRules rules) {
        TreeSet<String> voiding = voidingFlags(trials, baseTrials);
        double[] a = figure.values(trials);
        double[] b = figure.values(baseTrials);
        // Flags first: they void every figure of the trials, so one reason covers the lot, measured or not.
        if (!voiding.isEmpty()) {
            return none(variant, base, figure, "no verdict: flagged " + String.join(", ", voiding));
        }
        if (a.length == 0 || b.length == 0) {
            return none(variant, base, figure, "no verdict: not measured on both");
        }
        if (a.length < 2 || b.length < 2) {
            return none(variant, base, figure, String.format(Locale.ROOT,
                    "no verdict: %d and %d trial(s) give no interval; it takes at least 2 trials of each (3 or more advised: --trials 3)",
                    a.length, b.length));
        }
        if (java.util.Arrays.stream(a).anyMatch(v -> !(v > 0)) || java.util.Arrays.stream(b).anyMatch(v -> !(v > 0))) {
            return none(variant, base, figure, "no verdict: a trial measured zero, which has no ratio");
        }
        Optional<String> modes = inconsistent(figure, variant, a, rules).or(() -> inconsistent(figure, base, b, rules));
        if (modes.isPresent()) {
            return none(variant, base, figure, "no verdict: " + modes.get());
        }
        RatioInterval ri = RatioInterval.of(a, b);
        String figures = String.format(Locale.ROOT, "ratio %s, 95 %% CI %s", fixed(ri.ratio()), ri.ends(Verdict::fixed));
        String m = Numbers.format(rules.minEffect() * 100);
        if (!ri.claims(rules.minEffect())) {
            if (ri.within(rules.minEffect())) {
                return new Verdict(variant, base, figure, Kind.SAME, "the same as " + base + " within ±" + m + " % (" + figures + ")", ri);
            }
            return new Verdict(variant, base, figure, Kind.UNDECIDED, "undecided against " + base + " (" + figures
                    + more(ri, rules, Math.min(a.length, b.length)) + ")", ri);
        }
        boolean higher = ri.ratio() > 1;
        String direction = higher ? "higher" : "lower";
        double times = higher ? ri.ratio() : 1 / ri.ratio();
        // "1.1× lower" hides a 6 % change; below 1.5× the change reads better as a percentage.
        String size = times >= 1.5 ? Numbers.ratio(times) : Numbers.format(Math.abs(ri.ratio() - 1) * 100) + " %";
        String text = String.format(Locale.ROOT, "%s %s %s than %s (%s)", size, direction, figure.label(), base, figures);
        Kind kind = switch (figure.better()) {
            case HIGHER -> higher ? Kind.BETTER : Kind.WORSE;
            case LOWER -> higher ? Kind.WORSE : Kind.BETTER;
            case NEITHER -> Kind.DIFFERENT;
        };
        return new Verdict(variant, base, figure, kind, text, ri);
    }

    /** How many more trials would decide it at the spread seen. */
    private static String more(RatioInterval ri, VerdictRules rules, int ran) {
        OptionalInt n = ri.trialsFor(rules.minEffect());
        String m = Numbers.format(rules.minEffect() * 100);
        if (n.isPresent() && n.getAsInt() > ran) {
            return String.format(Locale.ROOT, "; at this spread about %d more trials of each would decide a %s %% change", n.getAsInt() - ran, m);
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

    /** The flags on either side that take a trial out of every verdict, by key. */
    public static TreeSet<String> voidingFlags(List<TrialResult> trials, List<TrialResult> others) {
        TreeSet<String> voiding = new TreeSet<>();
        for (List<TrialResult> side : List.of(trials, others)) {
            side.forEach(t -> t.outcome().flags().stream().filter(Flag::voidsVerdicts).forEach(f -> voiding.add(f.key())));
        }
        return voiding;
    }

    private static String fixed(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
