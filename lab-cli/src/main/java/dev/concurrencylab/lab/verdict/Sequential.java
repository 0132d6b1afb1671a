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
 * @param maxTrials trials per variant at most: the scale's count
 */
public record Sequential(int maxTrials) {

    /** The level of an interim look's interval. */
    public static final double INTERIM_CONFIDENCE = 0.999;
    /** The first look: an interval needs two trials of each side; the first round gives one. */
    public static final int FIRST_LOOK = 2;
    /** The figures whose comparisons must be decided: the two every report leads with. */
    public static final List<Figure> DECIDING = List.of(Figure.THROUGHPUT, Figure.P99);

    public Sequential {
        if (maxTrials < FIRST_LOOK) {
            throw new IllegalArgumentException("sequential trials need a maximum of at least " + FIRST_LOOK + ", not " + maxTrials);
        }
    }

    /** As run.json and the report say it. */
    public String describe() {
        return RunDefinition.SEQUENTIAL + String.format(java.util.Locale.ROOT, "rounds of one trial of each variant, up to %d; a benchmark stops "
                + "once every variant against the base is decided on throughput and p99 (Haybittle–Peto: 99.9 %% intervals "
                + "at %s, 95 %% at %d)", maxTrials, maxTrials - 1 == FIRST_LOOK ? "round " + FIRST_LOOK
                : "rounds " + FIRST_LOOK + "–" + (maxTrials - 1), maxTrials);
    }

    /** The level at which a look after {@code trials} trials of each is judged. */
    public double confidence(int trials) {
        return trials >= maxTrials ? RatioInterval.CONFIDENCE : INTERIM_CONFIDENCE;
    }

    /** Whether the comparison on one figure is decided after {@code trials} trials of each. */
    public boolean decided(double[] variant, double[] base, int trials, VerdictRules rules) {
        // An interim look stays on Welch's interval even where launches split: ranks cannot bound a
        // 99.9 % interval below 7 trials a side, so a single odd launch would hold every run to its
        // last round; a split's spread already widens Welch's interval. The last look is the verdict's own.
        RatioInterval ri = trials >= maxTrials ? Verdict.interval(variant, base, confidence(trials), rules)
                : RatioInterval.of(variant, base, confidence(trials));
        return ri.claims(rules.minEffect()) || ri.within(rules.minEffect());
    }

    /**
     * Whether one benchmark needs no more rounds: every variant against the base is decided on every
     * deciding figure, or has no verdict more trials would not mend (a driver's or a window's flag,
     * errors above the limit, a figure not measured).
     *
     * @param trials the benchmark's trials so far, by variant; every variant has run {@code round} rounds
     */
    public boolean decided(Map<String, List<TrialResult>> trials, String base, int round, VerdictRules rules) {
        if (round >= maxTrials) {
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
        Verdict.Sides sides = Verdict.sides(figure, variant, base);
        if (sides.none() != null) {
            return !sides.mendable();
        }
        return decided(sides.a(), sides.b(), round, rules);
    }
}
