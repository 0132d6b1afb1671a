package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.LoadModel;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RampGateTest {

    private static final List<LoadModel.Stage> E0 = List.of(new LoadModel.Stage(Duration.ofSeconds(15), 50),
            new LoadModel.Stage(Duration.ofSeconds(30), 100), new LoadModel.Stage(Duration.ofSeconds(15), 150),
            new LoadModel.Stage(Duration.ofSeconds(30), 0));

    @Test
    void usersRiseLinearlyAndReachEachStagesTargetAtItsEnd() {
        assertThat(RampGate.users(E0, 0)).isZero();
        assertThat(RampGate.users(E0, 7_500)).isEqualTo(25);
        assertThat(RampGate.users(E0, 15_000)).isEqualTo(50);
        assertThat(RampGate.users(E0, 44_999)).isEqualTo(100);
        assertThat(RampGate.users(E0, 59_900)).isEqualTo(150);
    }

    @Test
    void usersFallToZeroOverTheLastStageAndStayThere() {
        assertThat(RampGate.users(E0, 75_000)).isEqualTo(75);
        assertThat(RampGate.users(E0, 90_000)).isZero();
        assertThat(RampGate.users(E0, 120_000)).isZero();
    }

    @Test
    void theRampMovesEverySecondNotInFiveSecondPlateaus() {
        assertThat(RampGate.users(E0, 1_000)).isEqualTo(3);
        assertThat(RampGate.users(E0, 2_000)).isEqualTo(7);
        assertThat(RampGate.users(E0, 3_000)).isEqualTo(10);
    }
}
