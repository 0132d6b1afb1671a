package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReproductionTest {

    @Test
    void aPublishedRatioInsideTheIntervalIsReproduced() {
        assertThat(Reproduction.of(1.40, new RatioInterval(1.3, 1.2, 1.5, 0.05))).isEqualTo(Reproduction.REPRODUCED);
    }

    @Test
    void anIntervalThatHoldsTheClaimAndNoDifferenceAlikeIsInconclusive() {
        // E0's throughput claim against a standard run where mvc-platform ran at 1,677, 2,378 and 7,969 req/s.
        assertThat(Reproduction.of(1.40, new RatioInterval(2.32, 0.30, 17.7, 0.8))).isEqualTo(Reproduction.INCONCLUSIVE);
    }

    @Test
    void aClaimOfNoDifferenceInsideAnIntervalHoldingOneIsReproduced() {
        assertThat(Reproduction.of(1.0, new RatioInterval(1.02, 0.9, 1.15, 0.05))).isEqualTo(Reproduction.REPRODUCED);
    }

    @Test
    void theSameSideHigherByAnotherAmountIsTheSameDirection() {
        assertThat(Reproduction.of(2.2, new RatioInterval(1.3, 1.2, 1.5, 0.05))).isEqualTo(Reproduction.SAME_DIRECTION);
        assertThat(Reproduction.of(0.46, new RatioInterval(0.8, 0.7, 0.9, 0.05))).isEqualTo(Reproduction.SAME_DIRECTION);
    }

    @Test
    void noDifferenceFoundWhereOneWasClaimedIsNotReproduced() {
        assertThat(Reproduction.of(2.13, new RatioInterval(1.02, 0.9, 1.15, 0.05))).isEqualTo(Reproduction.NOT_REPRODUCED);
    }

    @Test
    void theOtherSideHigherIsReversed() {
        assertThat(Reproduction.of(2.13, new RatioInterval(0.6, 0.5, 0.7, 0.05))).isEqualTo(Reproduction.REVERSED);
    }

    @Test
    void aClaimOfNoDifferenceAgainstAMeasuredOneIsNotReproduced() {
        assertThat(Reproduction.of(1.0, new RatioInterval(1.3, 1.2, 1.5, 0.05))).isEqualTo(Reproduction.NOT_REPRODUCED);
    }
}
