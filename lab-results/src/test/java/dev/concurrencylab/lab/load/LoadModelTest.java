package dev.concurrencylab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a load model says of its own window. */
class LoadModelTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void aFixedRateOrAFixedNumberOfUsersIsAConstantLoadAndStagesOrARampAreNot() {
        assertThat(new LoadModel.MaxRate(4, MINUTE).constantLoad()).isTrue();
        assertThat(new OpenRate(100, MINUTE, 0).constantLoad()).isTrue();
        assertThat(new OpenRamp(100, 200, MINUTE, 0).constantLoad()).isFalse();
        assertThat(new LoadModel.ClosedStages(List.of(new LoadModel.Stage(MINUTE, 50))).constantLoad()).isFalse();
    }

    @Test
    void aTimedWindowHasItsPlannedDurationAndACountedOneHasNone() {
        assertThat(new LoadModel.ClosedStages(List.of(new LoadModel.Stage(MINUTE, 50), new LoadModel.Stage(MINUTE, 0))).plannedDuration())
                .contains(Duration.ofMinutes(2));
        assertThat(new LoadModel.Burst(100).plannedDuration()).isEmpty();
        assertThat(new LoadModel.Burst(100).timed()).isFalse();
        assertThat(new OpenRate(100, MINUTE, 0).timed()).isTrue();
    }

    @Test
    void aModelOnAClockStatesItsMeanArrivalRateAndIsOpenAndOneOfWaitingUsersHasNone() {
        assertThat(new OpenRate(150, MINUTE, 0).arrivalRate()).hasValue(150);
        assertThat(new OpenRamp(100, 200, MINUTE, 0).arrivalRate()).hasValue(150);
        assertThat(new OpenRamp(100, 200, MINUTE, 0).open()).isTrue();
        assertThat(new LoadModel.MaxRate(4, MINUTE).arrivalRate()).isEmpty();
        assertThat(new LoadModel.MaxRate(4, MINUTE).open()).isFalse();
        assertThat(new ClosedSweep(List.of(10, 50), MINUTE).open()).isFalse();
    }
}
