package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Thresholds judged on trial records as the runner writes them. */
class ThresholdTest {

    private static final TrialResult TRIAL = trial("""
            {"number": 1, "variant": "v", "benchmark": "b", "status": "ok", "throughput": 1200, "sent": 1000,
             "errorRate": 0.012, "errors": {"status": 12},
             "latency": {"p50Ms": 20, "p95Ms": 480, "p99Ms": 900},
             "checks": [{"name": "status is 200", "passes": 988, "fails": 12}, {"name": "response time < 500ms", "passes": 1000, "fails": 0}]}
            """);

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
        TrialResult none = trial("""
                {"number": 1, "variant": "v", "benchmark": "b", "status": "ok", "throughput": 0, "errors": {}}
                """);

        assertThat(Threshold.parse("p95 < 500ms").judge(none)).isEqualTo(new ThresholdResult("p95 < 500ms", null, false));
    }

    @Test
    void aVariantMeetsAThresholdOnlyWhenEveryTrialDid() {
        TrialResult passed = TRIAL.withThresholds(List.of(new ThresholdResult("p95 < 500ms", 480.0, true)));
        TrialResult crossed = TRIAL.withThresholds(List.of(new ThresholdResult("p95 < 500ms", 520.0, false)));

        assertThat(Threshold.outcomes(List.of(passed, crossed, passed)))
                .containsExactly(new RunInfo.ThresholdOutcome("b", "v", "p95 < 500ms", 2, 3, false));
        assertThat(Threshold.outcomes(List.of(passed, passed)))
                .containsExactly(new RunInfo.ThresholdOutcome("b", "v", "p95 < 500ms", 2, 2, true));
    }

    private static ThresholdResult judge(String text) {
        return Threshold.parse(text).judge(TRIAL);
    }

    private static TrialResult trial(String json) {
        try {
            return ResultStore.JSON.readValue(json, TrialResult.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
