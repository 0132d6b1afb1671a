package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/** Change points in a window's per-second series. */
class ChangePointsTest {

    @Test
    void aFlatNoisySeriesHasNoChangePoint() {
        for (int seed = 0; seed < 50; seed++) {
            Random random = new Random(seed);
            double[] flat = level(random, 30, 20_000, 0.03);

            assertThat(ChangePoints.of(flat)).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void aSeriesThatHalvesHalfWayIsSplitWhereItHalves() {
        Random random = new Random(1);
        double[] halved = DoubleStream.concat(DoubleStream.of(level(random, 15, 20_000, 0.02)),
                DoubleStream.of(level(random, 15, 10_000, 0.02))).toArray();

        assertThat(ChangePoints.of(halved)).containsExactly(15);
    }

    @Test
    void aChangeOfSpreadAloneIsFound() {
        Random random = new Random(2);
        double[] calmThenWild = DoubleStream.concat(DoubleStream.of(level(random, 20, 20_000, 0.01)),
                DoubleStream.of(level(random, 20, 20_000, 0.30))).toArray();

        assertThat(ChangePoints.of(calmThenWild)).hasSize(1).allSatisfy(t -> assertThat(t).isBetween(17, 23));
    }

    @Test
    void aSeriesShorterThanTwoSegmentsIsNeverSplit() {
        assertThat(ChangePoints.of(new double[] {1, 1, 100, 100, 100})).isEmpty();
    }

    static double[] level(Random random, int seconds, double mean, double relativeSpread) {
        return DoubleStream.generate(() -> mean * (1 + relativeSpread * random.nextGaussian())).limit(seconds).toArray();
    }
}
