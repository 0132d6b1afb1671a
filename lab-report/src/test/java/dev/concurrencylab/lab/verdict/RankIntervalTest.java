package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Ratios by ranks: the estimate, Moses' interval and its exact cut. */
class RankIntervalTest {

    @Test
    void theCutIsWhereTheExactMannWhitneyDistributionLeavesTwoAndAHalfPercentInATail() {
        // Published two-sided 5 % critical values of U: none at 3 and 3, 0 at 4 and 4, 2 at 5 and 5, 5 at 6 and 6.
        assertThat(RankInterval.cut(3, 3, 0.025)).isZero();
        assertThat(RankInterval.cut(4, 4, 0.025)).isEqualTo(1);
        assertThat(RankInterval.cut(5, 5, 0.025)).isEqualTo(3);
        assertThat(RankInterval.cut(6, 6, 0.025)).isEqualTo(6);
        assertThat(RankInterval.cut(3, 5, 0.025)).isEqualTo(1);
    }

    @Test
    void theEstimateIsTheMedianRatioOfOneTrialOfEachAndTheIntervalItsOrderStatistics() {
        RatioInterval ri = RankInterval.of(new double[] {2, 4, 8, 16}, new double[] {1, 1, 1, 1}, 0.95);

        assertThat(ri.ratio()).isEqualTo(Math.sqrt(32), org.assertj.core.data.Offset.offset(1e-9));
        assertThat(ri.low()).isEqualTo(2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(ri.high()).isEqualTo(16, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void tooFewTrialsGiveAnUnboundedInterval() {
        RatioInterval ri = RankInterval.of(new double[] {4, 5, 6}, new double[] {1, 2, 3}, 0.95);

        assertThat(ri.low()).isZero();
        assertThat(ri.high()).isInfinite();
        assertThat(ri.claims(0.05)).isFalse();
    }

    @Test
    void pairsAboveCountTiesAsHalves() {
        assertThat(RankInterval.pairsAbove(new double[] {1, 3}, new double[] {1, 2})).isEqualTo(2.5);
    }
}
