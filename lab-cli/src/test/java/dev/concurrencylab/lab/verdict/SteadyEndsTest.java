package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.load.SteadyState;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.Latencies;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.result.WindowCounts;
import dev.concurrencylab.lab.result.WindowShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Windows still warming, measured on their steady end: the rule, and how often it errs. */
class SteadyEndsTest {

    private static final VerdictRules RULES = VerdictRules.DEFAULT;

    @Test
    void aWindowThatWarmedThenHeldALevelIsMeasuredOnThatLevel() {
        TrialResult warming = trial(series(2000, 3000, 4, 20));

        assertThat(warming.outcome().flags()).contains(Flag.WINDOW_SHIFTED);
        assertThat(SteadyEnds.end(warming)).hasValueSatisfying(v -> assertThat(v).isCloseTo(3000, org.assertj.core.data.Offset.offset(1.0)));
    }

    @Test
    void aWindowThatSlowedDownOrEndedOnAShortLevelHasNoSteadyEnd() {
        assertThat(SteadyEnds.end(trial(series(3000, 2000, 10, 20)))).as("a slowdown is the server's, not a warm-up").isEmpty();
        assertThat(SteadyEnds.end(trial(series(2000, 3000, 16, 20)))).as("a 4 s end").isEmpty();
    }

    @Test
    void shiftedWindowsOnBothSidesGiveAThroughputVerdictFromTheirEndsAndNoneOnP99() {
        List<TrialResult> fast = List.of(trial(series(4000, 6000, 4, 20)), trial(series(4100, 6100, 5, 20)), trial(series(6000, 6000, 0, 20)));
        List<TrialResult> slow = List.of(trial(series(2000, 3000, 4, 20)), trial(series(2100, 3050, 6, 20)), trial(series(2000, 2950, 3, 20)));

        Verdict throughput = Verdict.of(Figure.THROUGHPUT, "fast", fast, "slow", slow, RULES);
        Verdict p99 = Verdict.of(Figure.P99, "fast", fast, "slow", slow, RULES);

        assertThat(throughput.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(throughput.text()).startsWith("2.0× higher throughput than slow (ratio 2.0").endsWith("; 2 and 3 shifted window(s) measured on their steady end)");
        assertThat(p99.kind()).isEqualTo(Verdict.Kind.NO_VERDICT);
    }

    @Test
    void identicalVariantsWhoseWindowsWarmAreClaimedDifferentAtMostOneTimeInTwenty() {
        Random random = new Random(17);
        int claims = 0;
        int answered = 0;
        int comparisons = 4_000;
        for (int i = 0; i < comparisons; i++) {
            List<List<TrialResult>> sides = new ArrayList<>();
            for (int side = 0; side < 2; side++) {
                List<TrialResult> trials = new ArrayList<>();
                for (int k = 0; k < 5; k++) {
                    double level = 3000 * Math.exp(VerdictErrorRatesTest.REAL_SPREAD * random.nextGaussian());
                    // Warming for 0-9 s at 60-95 % of the level, each second 3 % noisy.
                    int warming = random.nextInt(10);
                    double start = level * (0.6 + 0.35 * random.nextDouble());
                    trials.add(trial(noisy(series(start, level, warming, 20), random)));
                }
                sides.add(trials);
            }
            Verdict v = Verdict.of(Figure.THROUGHPUT, "a", sides.get(0), "b", sides.get(1), RULES);
            claims += v.kind() == Verdict.Kind.BETTER || v.kind() == Verdict.Kind.WORSE ? 1 : 0;
            answered += v.kind() != Verdict.Kind.NO_VERDICT ? 1 : 0;
        }
        assertThat((double) claims / comparisons).as("false claims over %d comparisons, %d answered", comparisons, answered).isLessThanOrEqualTo(0.05);
        assertThat(answered).as("comparisons the steady ends answered").isGreaterThan(comparisons / 2);
    }

    /** Answers per second: {@code from} for the first {@code warming} seconds, then {@code to}. */
    private static double[] series(double from, double to, int warming, int seconds) {
        double[] s = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            s[i] = i < warming ? from : to;
        }
        return s;
    }

    private static double[] noisy(double[] series, Random random) {
        double[] s = series.clone();
        for (int i = 0; i < s.length; i++) {
            s[i] *= 1 + 0.03 * random.nextGaussian();
        }
        return s;
    }

    /** A completed trial with this series, its shape and flag found as the runner finds them. */
    static TrialResult trial(double[] perSecond) {
        List<SecondStats> series = new ArrayList<>();
        double total = 0;
        for (int i = 0; i < perSecond.length; i++) {
            long n = Math.round(perSecond[i]);
            series.add(new SecondStats(i, n, n, 0, 2, 10, 20));
            total += n;
        }
        double[] rounded = series.stream().mapToDouble(SecondStats::answered).toArray();
        WindowShape shape = WindowShapes.of(SteadyState.PerSecond.ANSWERS.label(), rounded, true, RULES.minEffect(), 0);
        List<Flag> flags = shape.flat() ? List.of() : List.of(Flag.WINDOW_SHIFTED);
        return TrialResult.of(Trials.identity())
                .outcome(new TrialOutcome(TrialStatus.OK, null, flags, Map.of(), null))
                .window(new WindowCounts(perSecond.length, null, (long) total, (long) total, (long) total, total / perSecond.length, Map.of(), 0, 0, 0,
                        series, shape, null))
                .latencies(new Latencies(Trials.latency(1, 5, 10), null, null))
                .build();
    }
}
