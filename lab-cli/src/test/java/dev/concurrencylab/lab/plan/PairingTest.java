package dev.concurrencylab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.suite.Scale;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PairingTest {

    private static final Warmup SUITE = Warmup.steady(Duration.ofSeconds(30), Duration.ofSeconds(120));

    @Test
    void aBlockWhoseFirstCyclesTheVerdictMayLeaveOutWarmsItsFirstBenchmarkOnlyUntilSteady() {
        assertThat(Pairing.at(Scale.STANDARD, 3).first(SUITE)).as("8 cycles")
                .isEqualTo(Warmup.steady(Duration.ofSeconds(5), Duration.ofSeconds(120)));
    }

    @Test
    void aBlockReadWholeWarmsItsFirstBenchmarkByTheSuitesRule() {
        assertThat(Pairing.at(Scale.QUICK, 2).first(SUITE)).as("3 cycles").isEqualTo(SUITE);
        assertThat(Pairing.at(Scale.STANDARD, 3).withCycles(5).first(SUITE)).as("5 cycles").isEqualTo(SUITE);
    }

    @Test
    void aFixedWarmUpStaysAsTheSuiteSetsIt() {
        Warmup fixed = Warmup.fixed(Duration.ofSeconds(5));
        assertThat(Pairing.at(Scale.STANDARD, 3).first(fixed)).isEqualTo(fixed);
    }
}
