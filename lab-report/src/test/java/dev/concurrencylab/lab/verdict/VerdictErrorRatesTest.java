package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.VerdictRules;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How often the verdict rule is wrong, by simulation: trials drawn from log-normal distributions
 * whose spread is that of real runs. {@link #REAL_SPREAD} is the log standard deviation of
 * throughput over the three trials of each variant in `./lab run e0-posts --scale standard` on 2
 * cores (mvc-platform 2,237–2,721 req/s: 0.099; mvc-virtual 4,979–5,925: 0.091; webflux
 * 3,780–5,296: 0.18); {@link #WIDE_SPREAD} is the widest of them. The sequential rule
 * ({@link Sequential}) is checked on the same draws as a fixed run of its maximum. Launches in two
 * groups are drawn too: each launch falls in a slow group {@link #SLOW_GROUP} times as fast with
 * probability {@link #SLOW_SHARE} (seen: mvc-virtual on E0 posts at 4,318 and 6,793 req/s, 0.64×),
 * the same for both sides when they do not differ; those comparisons go by ranks ({@link RankInterval}).
 */
class VerdictErrorRatesTest {

    static final double REAL_SPREAD = 0.10;
    static final double WIDE_SPREAD = 0.18;
    static final double SLOW_GROUP = 0.64;
    static final double SLOW_SHARE = 0.3;
    private static final int COMPARISONS = 20_000;

    @Test
    void identicalVariantsAreClaimedDifferentAtMostOneTimeInTwenty() {
        for (int trials : new int[] {2, 3, 5}) {
            for (double spread : new double[] {REAL_SPREAD, WIDE_SPREAD}) {
                double rate = claimRate(1.0, spread, trials, new Random(trials * 31L + (long) (spread * 1000)));
                assertThat(rate).as("false-claim rate, %d trials each, spread %.2f", trials, spread).isLessThanOrEqualTo(0.05);
            }
        }
    }

    @Test
    void identicalVariantsWhoseLaunchesFallInTwoGroupsAreClaimedDifferentAtMostOneTimeInTwenty() {
        // Fixed counts up to 8; rounds at the counts that run in rounds (standard: 3 and 5, a split
        // going on to 5 either way). With 8 or more rounds the interim looks add about 1 %: a first
        // rounds' worth of launches all in one group looks like a tight, large difference (docs/methodology.md).
        for (int trials : new int[] {3, 5, 8}) {
            for (double spread : new double[] {REAL_SPREAD / 2, REAL_SPREAD}) {
                Random random = new Random(trials * 131L + (long) (spread * 1000));
                Sequential rule = new Sequential(trials);
                Design d = designs(rule, () -> drawTwoGroups(1.0, spread, rule.splitTrials(), random));
                assertThat(d.fixedClaims()).as("false-claim rate, two-group launches, %d trials each, spread %.2f", trials, spread)
                        .isLessThanOrEqualTo(0.05);
                if (trials <= 5) {
                    assertThat(d.sequentialClaims()).as("sequential false-claim rate, two-group launches, up to %d, spread %.2f", trials, spread)
                            .isLessThanOrEqualTo(0.05);
                }
            }
        }
    }

    @Test
    void aVariantTwiceAsFastIsFoundThoughBothSidesLaunchInTwoGroups() {
        Random random = new Random(13);
        Sequential rule = new Sequential(5);
        Design d = designs(rule, () -> drawTwoGroups(2.0, REAL_SPREAD, 5, random));

        assertThat(d.fixedClaims()).as("power at 2x, two-group launches, 5 trials each").isGreaterThan(0.8);
    }

    @Test
    void goingOnToFiveRoundsWhereLaunchesSplitFindsADifferenceThreeRoundsCannotRank() {
        // Standard's three rounds: a split side leaves a 1.5x difference to ranks, which three
        // launches a side cannot bound at 95 %; the rounds that follow a split find it.
        Random random = new Random(17);
        Sequential three = new Sequential(3, 3);
        Sequential onToFive = new Sequential(3);
        double[][][] draws = new double[COMPARISONS][][];
        for (int i = 0; i < COMPARISONS; i++) {
            draws[i] = drawTwoGroups(1.5, REAL_SPREAD, 5, random);
        }
        int[] at = {0, 0};
        Design stopped = designs(three, () -> draws[at[0]++]);
        Design went = designs(onToFive, () -> draws[at[1]++]);

        assertThat(went.sequentialClaims()).as("power at 1.5x, two-group launches: up to 5 where split, against 3")
                .isGreaterThan(stopped.sequentialClaims() + 0.1);
        assertThat(went.meanTrials()).isLessThan(5.0);
    }

    @Test
    void theSequentialRuleClaimsIdenticalVariantsDifferentAtMostOneTimeInTwenty() {
        // The suites' counts at standard, where rounds are the default, are 3 and 5.
        for (int max : new int[] {3, 5}) {
            for (double spread : new double[] {REAL_SPREAD, WIDE_SPREAD}) {
                Design d = designs(1.0, spread, max, new Random(max * 17L + (long) (spread * 1000)));
                assertThat(d.sequentialClaims()).as("sequential false-claim rate, up to %d trials each, spread %.2f", max, spread)
                        .isLessThanOrEqualTo(0.05);
            }
        }
    }

    @Test
    void theSequentialRuleFindsADifferenceAtLeastAsOftenAsAFixedRunOfItsMaximum() {
        for (double ratio : new double[] {1.1, 1.2, 1.5}) {
            for (double spread : new double[] {REAL_SPREAD, WIDE_SPREAD}) {
                Design d = designs(ratio, spread, 5, new Random((long) (ratio * 100) + (long) (spread * 1000)));
                assertThat(d.sequentialClaims()).as("power at ratio %.1f, spread %.2f: sequential against fixed 5", ratio, spread)
                        .isGreaterThanOrEqualTo(d.fixedClaims());
            }
        }
    }

    @Test
    void aDifferenceAsLargeAsE0sIsClaimedAfterFewerThanFourRoundsOfFive() {
        Design d = designs(3.3, REAL_SPREAD, 5, new Random(11));

        assertThat(d.sequentialClaims()).isEqualTo(1.0);
        assertThat(d.meanTrials()).isLessThan(4.0);
    }

    /**
     * Fixed and sequential designs on the same draws: {@code max} trials of each side, judged once
     * at the end (fixed), or after each round from the second until the rule stops (sequential, up
     * to {@link Sequential#splitTrials} where launches split), judged then as the report judges.
     */
    record Design(double fixedClaims, double sequentialClaims, double meanTrials) {
    }

    static Design designs(double ratio, double spread, int max, Random random) {
        Sequential rule = new Sequential(max);
        return designs(rule, () -> draw(ratio, spread, rule.splitTrials(), random));
    }

    /** As above, on the draws {@code draws} gives: the variant's values, then the base's, {@code rule.splitTrials()} of each. */
    static Design designs(Sequential rule, java.util.function.Supplier<double[][]> draws) {
        VerdictRules rules = VerdictRules.DEFAULT;
        double minEffect = rules.minEffect();
        int fixed = 0;
        int sequential = 0;
        long trials = 0;
        for (int i = 0; i < COMPARISONS; i++) {
            double[][] drawn = draws.get();
            if (Verdict.interval(java.util.Arrays.copyOf(drawn[0], rule.maxTrials()), java.util.Arrays.copyOf(drawn[1], rule.maxTrials()),
                    RatioInterval.CONFIDENCE, rules).claims(minEffect)) {
                fixed++;
            }
            for (int n = Sequential.FIRST_LOOK; n <= rule.splitTrials(); n++) {
                double[] a = java.util.Arrays.copyOf(drawn[0], n);
                double[] b = java.util.Arrays.copyOf(drawn[1], n);
                if (rule.stops(a, b, n, rules)) {
                    if (Verdict.interval(a, b, RatioInterval.CONFIDENCE, rules).claims(minEffect)) {
                        sequential++;
                    }
                    trials += n;
                    break;
                }
            }
        }
        return new Design((double) fixed / COMPARISONS, (double) sequential / COMPARISONS, (double) trials / COMPARISONS);
    }

    /** {@code trials} values of a variant and of its base, log-normal around 1,000 × ratio and 1,000. */
    private static double[][] draw(double ratio, double spread, int trials, Random random) {
        double[] variant = new double[trials];
        double[] base = new double[trials];
        for (int k = 0; k < trials; k++) {
            variant[k] = 1000 * ratio * Math.exp(spread * random.nextGaussian());
            base[k] = 1000 * Math.exp(spread * random.nextGaussian());
        }
        return new double[][] {variant, base};
    }

    /** As {@link #draw}, each launch of either side in the slow group with probability {@link #SLOW_SHARE}. */
    private static double[][] drawTwoGroups(double ratio, double spread, int trials, Random random) {
        double[][] drawn = draw(ratio, spread, trials, random);
        for (double[] side : drawn) {
            for (int k = 0; k < trials; k++) {
                side[k] *= random.nextDouble() < SLOW_SHARE ? SLOW_GROUP : 1;
            }
        }
        return drawn;
    }

    /** Share of comparisons in which the rule claims a difference, the variant's true ratio to the base being {@code ratio}. */
    static double claimRate(double ratio, double spread, int trials, Random random) {
        VerdictRules rules = VerdictRules.DEFAULT;
        int claims = 0;
        for (int i = 0; i < COMPARISONS; i++) {
            double[][] drawn = draw(ratio, spread, trials, random);
            if (Verdict.interval(drawn[0], drawn[1], RatioInterval.CONFIDENCE, rules).claims(rules.minEffect())) {
                claims++;
            }
        }
        return (double) claims / COMPARISONS;
    }

    public static void main(String[] args) {
        for (double ratio : new double[] {1.0, 1.1, 1.2, 1.5, 3.3}) {
            for (double spread : new double[] {REAL_SPREAD, WIDE_SPREAD}) {
                Design d = designs(ratio, spread, 5, new Random(5));
                System.out.printf("ratio %.1f spread %.2f: fixed 5 claims %.4f, sequential up to 5 claims %.4f in %.2f trials each%n",
                        ratio, spread, d.fixedClaims(), d.sequentialClaims(), d.meanTrials());
            }
        }
        for (int n = 2; n <= 8; n++) {
            System.out.printf("n=%d false(0.10)=%.4f false(0.18)=%.4f power20(0.10)=%.3f power20(0.18)=%.3f%n", n,
                    claimRate(1.0, REAL_SPREAD, n, new Random(1)), claimRate(1.0, WIDE_SPREAD, n, new Random(2)),
                    claimRate(1.2, REAL_SPREAD, n, new Random(3)), claimRate(1.2, WIDE_SPREAD, n, new Random(4)));
        }
    }
}
