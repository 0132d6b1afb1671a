package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What sharing a launch did, read within each server, each server's and benchmark's level set apart. */
class CarryOverTest {

    private static final String[] BENCHMARKS = {"fast", "mid", "slow"};
    private static final double[] LEVELS = {10_000, 1_000, 100};

    @Test
    void theStepIsReadWithinEachServerSoLaunchesThatSpreadTwoAndAHalfTimesDoNotWidenIt() {
        // two variants, three rounds each, every round's server at its own level (0.6–1.5), the three
        // benchmarks' order turned by one each round; after another benchmark a trial runs at 0.9,
        // give or take 1 %
        double[] launchLevels = {0.6, 1.5, 1.0, 1.3, 0.7, 1.1};
        double[] noise = {1.01, 0.99, 1.0, 0.995, 1.005, 1.0, 0.99, 1.01, 1.0};
        List<TrialResult> trials = new ArrayList<>();
        int number = 0;
        int k = 0;
        for (int round = 0; round < 3; round++) {
            for (String variant : List.of("a", "b")) {
                int launch = number + 1;
                for (int position = 0; position < 3; position++) {
                    int b = (position + round) % 3;
                    double level = LEVELS[b] * launchLevels[trials.size() / 3] * (position == 0 ? 1 : 0.9) * noise[k++ % noise.length];
                    number++;
                    trials.add(Trials.onServer(number, variant, BENCHMARKS[b], level, position == 0 ? null : launch));
                }
            }
        }

        assertStep(CarryOver.of(trials, Figure.THROUGHPUT).orElseThrow(), 6, 0.9, 0.03);
    }

    @Test
    void theSameBenchmarkTwiceOnEachServerIsTheSecondOverTheFirst() {
        // jvm-carry-over's two names for one benchmark, their order turned; second trials at 1.3× the first, give or take 2 %
        double[][] pairs = {{1_000, 1_326}, {2_000, 2_548}, {1_500, 1_950}, {800, 1_056}};
        List<TrialResult> trials = new ArrayList<>();
        int number = 0;
        for (int server = 0; server < pairs.length; server++) {
            String[] order = server % 2 == 0 ? new String[] {"first", "again"} : new String[] {"again", "first"};
            int launch = ++number;
            trials.add(Trials.onServer(launch, "a", order[0], pairs[server][0], null));
            trials.add(Trials.onServer(++number, "a", order[1], pairs[server][1], launch));
        }

        assertStep(CarryOver.of(trials, Figure.THROUGHPUT).orElseThrow(), 4, 1.3, 0.15);
    }

    @Test
    void serversWithOneTrialSayNothingAndTooFewLeftClaimNothing() {
        List<TrialResult> trials = List.of(
                Trials.onServer(1, "a", "fast", 10_000, null), Trials.onServer(2, "a", "slow", 90, 1),
                Trials.onServer(3, "a", "fast", 11_000, null), Trials.onServer(4, "b", "slow", 50, null),
                Trials.onServer(5, "b", "fast", 5_000, null));

        assertThat(CarryOver.of(trials, Figure.THROUGHPUT)).isEmpty();
    }

    /** Read from {@code servers} servers, the step near {@code ratio} and its interval around it, no wider than {@code width} each side. */
    private static void assertStep(CarryOver c, int servers, double ratio, double width) {
        assertThat(c.servers()).isEqualTo(servers);
        assertThat(c.ratio()).isCloseTo(ratio, within(ratio * 0.015));
        assertThat(c.low()).isBetween(ratio - width, c.ratio());
        assertThat(c.high()).isBetween(c.ratio(), ratio + width);
    }
}
