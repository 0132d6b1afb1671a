package dev.concurrencylab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Thresholds judged on trial records as the runner writes them. */
class ThresholdTest {

    private static TrialResult.Builder completed() {
        return TrialResult.of(Trials.identity()).outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null));
    }

    private static final TrialResult TRIAL = completed()
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

    private static final TrialResult MIXED = completed()
            .window(Trials.window(1000, Map.of("status", 10L), 0.01))
            .latencies(new Latencies(Trials.latency(5, 150, 300), null, null))
            .judged(new Judged(List.of(CheckResult.of("search: status is 200", 800, 0), CheckResult.of("create: status is 200", 190, 10)),
                    List.of()))
            .requests(List.of(
                    new RequestFigures("search", 80, 800, 80, 800, 800, 800, Map.of(), 0, Trials.latency(2, 40, 80)),
                    new RequestFigures("create", 20, 200, 20, 190, 200, 190, Map.of("status", 10L), 0.05, Trials.latency(20, 250, 300))))
            .build();

    @Test
    void aThresholdOnANamedRequestIsJudgedOnThatRequestsFiguresAlone() {
        assertThat(Threshold.parse("p95{request:search} < 200ms").judge(MIXED))
                .isEqualTo(new ThresholdResult("p95{request:search} < 200ms", 40.0, true));
        assertThat(Threshold.parse("p95{request:create} < 200ms").judge(MIXED))
                .isEqualTo(new ThresholdResult("p95{request:create} < 200ms", 250.0, false));
        assertThat(Threshold.parse("p95 < 200ms").judge(MIXED).passed()).as("the whole mix").isTrue();
        assertThat(Threshold.parse("error-rate{request:create} < 1%").judge(MIXED).actual()).isEqualTo(5.0);
        assertThat(Threshold.parse("checks{request:search} > 99.9%").judge(MIXED).passed()).isTrue();
        assertThat(Threshold.parse("throughput{request:create} > 100").judge(MIXED).actual()).isEqualTo(190.0);
    }

    @Test
    void aThresholdOnANamedRequestJudgesOnlyTrialsThatSentIt() {
        assertThat(Threshold.parse("p95{request:search} < 200ms").appliesTo(MIXED)).isTrue();
        assertThat(Threshold.parse("p95{request:search} < 200ms").appliesTo(TRIAL)).isFalse();
        assertThat(Threshold.parse("p95{request:other} < 200ms").appliesTo(MIXED)).isFalse();
        assertThat(Threshold.parse("p95 < 200ms").appliesTo(TRIAL)).isTrue();
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
