package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.usage.ResourceSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report's environment says how busy the host was, from the windows' own steal. */
class HostStealTest {

    @Test
    void theRunsStealIsGivenAsItsRangeAndMedianWithTheServersCpusShare() {
        String said = ReportContent.hostSteal(List.of(
                LaunchSpreadTest.trial(1, 3_584, Map.of(ResourceSample.STEAL, 22.4, ResourceSample.SUT_STEAL, 4.18)),
                LaunchSpreadTest.trial(2, 4_552, Map.of(ResourceSample.STEAL, 3.64, ResourceSample.SUT_STEAL, 0.7)),
                LaunchSpreadTest.trial(3, 3_862, Map.of(ResourceSample.STEAL, 17.1, ResourceSample.SUT_STEAL, 2.94))));

        assertThat(said).startsWith("3.64–22.4 % of a core a window (median 17.1) over 3 windows, 0.700–4.18 % on the server's CPUs: ");
    }

    @Test
    void anEvenCountOfWindowsHasTheMeanOfItsTwoMiddleOnesAsMedian() {
        String said = ReportContent.hostSteal(List.of(LaunchSpreadTest.trial(1, 3_584, Map.of(ResourceSample.STEAL, 2.0)),
                LaunchSpreadTest.trial(2, 3_584, Map.of(ResourceSample.STEAL, 4.0))));

        assertThat(said).startsWith("2–4 % of a core a window (median 3) over 2 windows: ");
    }

    @Test
    void aRunWhoseHostTookNothingOrThatNeverCountedSaysNothing() {
        assertThat(ReportContent.hostSteal(List.of(LaunchSpreadTest.trial(1, 3_584, Map.of(ResourceSample.STEAL, 0.0))))).isNull();
        assertThat(ReportContent.hostSteal(List.of(LaunchSpreadTest.trial(1, 3_584, Map.of())))).isNull();
    }
}
