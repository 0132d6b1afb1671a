package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What sharing a launch did, measured within each variant and benchmark. */
class CarryOverTest {

    @Test
    void followingAnotherBenchmarkIsComparedWithinEachVariantAndBenchmarkWhateverTheirLevels() {
        // benchmark "slow" serves a hundredth of "fast"; after another benchmark, each pair runs at 0.9 and 0.8 of its first
        List<TrialResult> trials = List.of(
                trial("a", "fast", 10_000, false), trial("a", "fast", 9_000, true),
                trial("a", "slow", 100, false), trial("a", "slow", 80, true), trial("a", "slow", 80, true),
                trial("b", "fast", 5_000, false), trial("b", "fast", 4_500, true),
                trial("b", "slow", 50, false), trial("b", "slow", 40, true));

        CarryOver c = CarryOver.of(trials, Figure.THROUGHPUT).orElseThrow();

        assertThat(c.pairs()).isEqualTo(4);
        assertThat(c.ratio()).isCloseTo(Math.sqrt(0.9 * 0.8), within(1e-9));
        assertThat(c.low()).isLessThan(0.8);
        assertThat(c.high()).isBetween(0.9, 1.0);
    }

    @Test
    void withFewerThanTwoPairsOnBothSidesNothingIsClaimed() {
        List<TrialResult> trials = List.of(
                trial("a", "fast", 10_000, false), trial("a", "fast", 9_000, true),
                trial("a", "slow", 80, true), trial("b", "slow", 50, false));

        assertThat(CarryOver.of(trials, Figure.THROUGHPUT)).isEmpty();
    }

    private static TrialResult trial(String variant, String benchmark, double throughput, boolean afterAnother) {
        TrialResult t = Trials.ok(throughput, 10);
        TrialIdentity id = new TrialIdentity(2, variant, benchmark, null, 1, null, null, afterAnother ? 1 : null);
        return new TrialResult(id, t.outcome(), t.warmUp(), t.window(), t.latencies(), t.delivery(), t.completion(), t.judged(), t.server());
    }
}
