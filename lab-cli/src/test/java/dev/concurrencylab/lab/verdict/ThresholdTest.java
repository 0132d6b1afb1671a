package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.CheckResult;
import dev.concurrencylab.lab.result.Judged;
import dev.concurrencylab.lab.result.Latencies;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunRules;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.Trials;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Thresholds judged on trial records as the runner writes them. */
class ThresholdTest {

    private static final TrialResult TRIAL = TrialResult.of(Trials.identity())
            .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null))
            .window(Trials.window(1200, Map.of("status", 12L), 0.012))
            .latencies(new Latencies(Trials.latency(20, 480, 900), null, null))
            .judged(new Judged(List.of(CheckResult.of("status is 200", 988, 12), CheckResult.of("response time < 500ms", 1000, 0)),
                    List.of()))
            .build();

    @Test
    void eachMetricIsReadInItsUnit() {
        assertThat(judge("p95 < 500ms")).isEqualTo(new ThresholdResult("p95 < 500ms", 480.0, true));
        assertThat(judge("p99 < 0.5s")).isEqualTo(new ThresholdResult("p99 < 0.5s", 900.0, false));
        assertThat(judge("error-rate < 1%")).isEqualTo(new ThresholdResult("error-rate < 1%", 1.2, false));
        assertThat(judge("checks > 99%")).isEqualTo(new ThresholdResult("checks > 99%", 99.4, true));
        assertThat(judge("throughput >= 1200")).isEqualTo(new ThresholdResult("throughput >= 1200", 1200.0, true));
    }

    @Test
    void aTrialWithoutTheFigureDoesNotMeetIt() {
        TrialResult none = TrialResult.of(Trials.identity())
                .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null))
                .build();

        assertThat(Threshold.parse("p95 < 500ms").judge(none)).isEqualTo(new ThresholdResult("p95 < 500ms", null, false));
    }

    @Test
    void aVariantMeetsAThresholdOnlyWhenEveryTrialDid() {
        TrialResult passed = TRIAL.withThresholds(List.of(new ThresholdResult("p95 < 500ms", 480.0, true)));
        TrialResult crossed = TRIAL.withThresholds(List.of(new ThresholdResult("p95 < 500ms", 520.0, false)));

        assertThat(Threshold.outcomes(List.of(passed, crossed, passed)))
                .containsExactly(new RunRules.ThresholdOutcome("b", "v", "p95 < 500ms", 2, 3, false));
        assertThat(Threshold.outcomes(List.of(passed, passed)))
                .containsExactly(new RunRules.ThresholdOutcome("b", "v", "p95 < 500ms", 2, 2, true));
    }

    private static ThresholdResult judge(String text) {
        return Threshold.parse(text).judge(TRIAL);
    }
}
