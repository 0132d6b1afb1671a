package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.RunDefinition;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.List;
import java.util.Map;

/**
 * Trials in rounds until every comparison is decided, with the error rate still controlled across
 * the looks: Haybittle–Peto boundaries. After each round short of the last, a comparison stops only
 * on overwhelming evidence (a 99.9 % interval that claims a difference or lies within ±min-effect);
 * the last round is judged exactly as a fixed run is (95 %).
 *
 * <p>Why Haybittle–Peto rather than Pocock or O'Brien–Fleming alpha spending: the last look keeps
 * the fixed design's level, so a close call loses no power to the early looks, and the report's
 * 95 % intervals stay the intervals it prints whichever round a run stopped at. The early looks
 * spend at most 0.1 % each; VerdictErrorRatesTest checks the whole rule by simulation. What it
 * gives up: a moderate difference is not stopped early, only a large one (E0's 3.3× after 3).
 *
 * <p>Where a variant's launches fell in two groups ({@link Launches}) at the last round, ranks judge
 * the comparison, and three launches a side cannot rank at 95 % (the most extreme order is 1 in
 * 20): such a comparison goes on to {@code splitTrials} rounds, looked at on the interim level until
 * then, and is judged once at its end. Whether launches split says nothing of which side is faster,
 * so going on for it spends no error rate; VerdictErrorRatesTest checks it with two-group launches.
 *
 * @param maxTrials   trials per variant at most where launches agree: the scale's count
 * @param splitTrials trials per variant at most where a variant's launches fall in two groups
 */
public record Sequential(int maxTrials, int splitTrials) {

    /** The level of an interim look's interval. */
    public static final double INTERIM_CONFIDENCE = 0.999;
    /** The first look: an interval needs two trials of each side; the first round gives one. */
    public static final int FIRST_LOOK = 2;
    /** Rounds at most where launches fall in two groups: five a side bound a rank interval at 95 % with room. */
    public static final int SPLIT_TRIALS = 5;
    /** The figures whose comparisons must be decided: the two every report leads with. */
    public static final List<Figure> DECIDING = List.of(Figure.THROUGHPUT, Figure.P99);

    public Sequential {
        if (maxTrials < FIRST_LOOK) {
            throw new IllegalArgumentException("sequential trials need a maximum of at least " + FIRST_LOOK + ", not " + maxTrials);
        }
        if (splitTrials < maxTrials) {
            throw new IllegalArgumentException("rounds where launches split cannot stop before the others' last (" + maxTrials + "), not at " + splitTrials);
        }
    }

    /** Up to the scale's count, and up to {@link #SPLIT_TRIALS} where launches split. */
    public Sequential(int maxTrials) {
        this(maxTrials, Math.max(maxTrials, SPLIT_TRIALS));
    }

    /** As run.json and the report say it. */
    public String describe() {
        return RunDefinition.SEQUENTIAL + String.format(java.util.Locale.ROOT, "rounds of one trial of each variant, up to %d; a benchmark stops "
                + "once every variant against the base is decided on throughput and p99 (Haybittle–Peto: 99.9 %% intervals "
                + "at %s, 95 %% at %d)%s", maxTrials, maxTrials - 1 == FIRST_LOOK ? "round " + FIRST_LOOK
                : "rounds " + FIRST_LOOK + "–" + (maxTrials - 1), maxTrials,
                splitTrials > maxTrials ? String.format(java.util.Locale.ROOT, "; a comparison whose launches fell in two groups "
                        + "goes on to %d rounds, 95 %% at the last", splitTrials) : "");
    }

    /**
     * Whether one comparison needs no more rounds after {@code trials} of each: decided on the
     * interim level, or at its last look — the scale's count where launches agree, {@link #splitTrials}
     * where either side's fell in two groups.
     */
    public boolean stops(double[] variant, double[] base, int trials, VerdictRules rules) {
        if (trials >= splitTrials) {
            return true;
        }
        if (trials >= maxTrials && !split(variant, base, rules)) {
            return true;
        }
        // An interim look stays on Welch's interval even where launches split: ranks cannot bound a
        // 99.9 % interval below 7 trials a side, so a single odd launch would hold every run to its
        // last round; a split's spread already widens Welch's interval. The last look is the verdict's own.
        RatioInterval ri = RatioInterval.of(variant, base, INTERIM_CONFIDENCE);
        return ri.claims(rules.minEffect()) || ri.within(rules.minEffect());
    }

    private static boolean split(double[] variant, double[] base, VerdictRules rules) {
        return Launches.split(variant, rules.minEffect()).isPresent() || Launches.split(base, rules.minEffect()).isPresent();
    }

    /**
     * Whether one benchmark needs no more rounds: every variant against the base stops on every
     * deciding figure ({@link #stops}), or has no verdict more trials would not mend (a driver's or a
     * window's flag, errors above the limit, a figure not measured).
     *
     * @param trials the benchmark's trials so far, by variant; every variant has run {@code round} rounds
     */
    public boolean decided(Map<String, List<TrialResult>> trials, String base, int round, VerdictRules rules) {
        if (round >= splitTrials) {
            return true;
        }
        if (round < FIRST_LOOK) {
            return false;
        }
        List<TrialResult> baseTrials = trials.getOrDefault(base, List.of());
        for (Map.Entry<String, List<TrialResult>> side : trials.entrySet()) {
            if (side.getKey().equals(base)) {
                continue;
            }
            for (Figure figure : DECIDING) {
                if (!decided(figure, side.getValue(), baseTrials, round, rules)) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean decided(Figure figure, List<TrialResult> variant, List<TrialResult> base, int round, VerdictRules rules) {
        if (Verdict.errorRate(variant) > rules.maxErrorRate() || Verdict.errorRate(base) > rules.maxErrorRate()) {
            return true;
        }
        // The verdict's own values: a noisy trial left out (the next round may give the comparison the
        // trial it lacks), a shifted window read on its steady end, a window that held one level whole.
        Sides sides = Sides.of(figure, variant, base);
        if (sides.none() != null) {
            return round >= maxTrials || !sides.mendable();
        }
        return sides.readings().stream().allMatch(r -> stops(r.a(), r.b(), round, rules));
    }
}
