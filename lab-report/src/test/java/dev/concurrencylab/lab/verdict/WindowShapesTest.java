package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.result.WindowShape.Shape;
import java.util.Random;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

/** A window's class from its levels, in Barrett et al.'s terms. */
class WindowShapesTest {

    private static final double MIN_EFFECT = 0.05;

    @Test
    void throughputThatHalvesIsASlowdownWithBothLevels() {
        WindowShape shape = answers(steps(new Random(1), 20_000, 10_000));

        assertThat(shape.shape()).isEqualTo(Shape.SLOWDOWN);
        assertThat(shape.segments()).hasSize(2);
        assertThat(shape.segments().get(0).to()).isEqualTo(10);
        assertThat(shape.segments().get(1).mean()).isBetween(9_500.0, 10_500.0);
    }

    @Test
    void throughputThatRisesIsStillWarmingUp() {
        assertThat(answers(steps(new Random(2), 10_000, 12_000)).shape()).isEqualTo(Shape.WARM_UP);
    }

    @Test
    void threeLevelsAreNoSteadyState() {
        assertThat(answers(steps(new Random(3), 20_000, 10_000, 20_000)).shape()).isEqualTo(Shape.NO_STEADY_STATE);
    }

    @Test
    void aStepUnderTheMinimumEffectIsFlat() {
        WindowShape shape = answers(steps(new Random(4), 20_000, 20_500));

        assertThat(shape.shape()).isEqualTo(Shape.FLAT);
        assertThat(shape.segments()).hasSize(1);
    }

    @Test
    void aLatencyThatTriplesIsASlowdownAndOneUnderTheFloorIsNot() {
        assertThat(WindowShapes.of("p50", steps(new Random(5), 1.0, 3.0), false, MIN_EFFECT, 0.5).shape()).isEqualTo(Shape.SLOWDOWN);
        assertThat(WindowShapes.of("p50", steps(new Random(6), 1.0, 1.3), false, MIN_EFFECT, 0.5).shape()).isEqualTo(Shape.FLAT);
    }

    private static WindowShape answers(double[] perSecond) {
        return WindowShapes.of("answers per second", perSecond, true, MIN_EFFECT, 0);
    }

    /** Ten seconds at each level, 1 % noise. */
    private static double[] steps(Random random, double... levels) {
        return DoubleStream.of(levels).flatMap(l -> DoubleStream.of(ChangePointsTest.level(random, 10, l, 0.01))).toArray();
    }
}
