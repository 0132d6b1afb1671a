package dev.concurrencylab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    @Test
    void fiveSecondsWithinTenPercentAndNoDriftAreSteady() {
        assertThat(SteadyState.THROUGHPUT.reached(List.of(3_000.0, 9_000.0, 10_100.0, 9_900.0, 10_000.0, 10_050.0, 9_950.0))).isTrue();
    }

    @Test
    void aSeriesStillRisingIsNotSteadyEvenWhenEachSecondIsCloseToTheLast() {
        // +3 % a second: a JIT still compiling; CV is under 10 % but the last two seconds drift up.
        assertThat(SteadyState.THROUGHPUT.reached(List.of(10_000.0, 10_300.0, 10_600.0, 10_900.0, 11_250.0))).isFalse();
    }

    @Test
    void fewerSecondsThanTheWindowAreNeverSteady() {
        assertThat(SteadyState.THROUGHPUT.reached(List.of(10_000.0, 10_000.0, 10_000.0, 10_000.0))).isFalse();
    }

    @Test
    void latencyDifferencesUnderTheFloorCountAsNone() {
        assertThat(SteadyState.LATENCY.reached(List.of(1.1, 1.4, 1.2, 1.5, 1.3))).isTrue();
        assertThat(SteadyState.LATENCY.reached(List.of(1.1, 1.4, 1.2, 4.5, 1.3))).isFalse();
    }
}
