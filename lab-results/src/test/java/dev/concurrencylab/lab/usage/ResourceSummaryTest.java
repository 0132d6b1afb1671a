package dev.concurrencylab.lab.usage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Other processes' CPU calls a trial noisy only over a window long enough for /proc's ticks to measure it. */
class ResourceSummaryTest {

    @Test
    void aWindowTooShortToMeasureOtherProcessesIsNotCalledNoisyWhateverItReads() {
        // E2's 20-request window at standard: 0.11 s, read as 291 % of a core on a 2-core machine
        ResourceSummary summary = summary(new ResourceSample(0.11, 0.11, Map.of(ResourceSample.OTHER_CPU, 291.0)));

        assertThat(summary.flags()).doesNotContain(ResourceSummary.NOISY);
        assertThat(summary.reasons()).doesNotContainKey(ResourceSummary.NOISY);
    }

    @Test
    void otherProcessesAboveTheBarOverASecondCallTheTrialNoisyWithTheirFigures() {
        ResourceSummary summary = summary(new ResourceSample(1.0, 1.0, Map.of(ResourceSample.OTHER_CPU, 40.0)));

        assertThat(summary.flags()).containsExactly(ResourceSummary.NOISY);
        assertThat(summary.reasons().get(ResourceSummary.NOISY)).contains("40 %").contains("above 25 %");
    }

    private static ResourceSummary summary(ResourceSample sample) {
        return ResourceSummary.of(List.of(sample), 0, ResourceSummary.DEFAULT_NOISY_ABOVE_PERCENT, 1);
    }
}
