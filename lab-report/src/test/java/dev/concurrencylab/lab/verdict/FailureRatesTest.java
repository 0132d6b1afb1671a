package dev.concurrencylab.lab.verdict;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.Latencies;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Failures above the bar are the answer, compared as a difference with its interval. */
class FailureRatesTest {

    private static final VerdictRules RULES = VerdictRules.DEFAULT;

    @Test
    void aSideThatFailsAboveTheBarWhereTheOtherFailsNoneIsSaidToFailMoreWithTheDifferencesInterval() {
        List<TrialResult> platform = failing(34, 60, 91);
        List<TrialResult> webflux = failing(0, 0, 0);

        assertThat(FailureRates.decide(platform, webflux, RULES)).isTrue();
        FailureRates.Answer answer = FailureRates.compare("mvc-platform", platform, "webflux", webflux, RULES);
        Verdict v = answer.verdict();

        assertThat(answer.placement()).isEqualTo(FailureRates.Placement.ONE_ABOVE);
        assertThat(v.kind()).isEqualTo(Verdict.Kind.WORSE);
        assertThat(v.text()).isEqualTo("fails more than webflux: 6.17 % of requests failed (3.40–9.10 % by trial; above the 1 % bar, "
                + "95 % lower bound 1.36 %) against 0 % of requests failed (0 % by trial; within the 1 % bar, 95 % upper bound 0 %) for webflux; "
                + "latency and throughput are not compared");
    }

    @Test
    void theBaseFailingMoreMakesTheVariantFailLess() {
        said(FailureRates.compare("webflux", failing(0, 1), "mvc-platform", failing(50, 52), RULES), Verdict.Kind.BETTER,
                FailureRates.Placement.ONE_ABOVE, "fails less than mvc-platform: ");
    }

    @Test
    void ratesTooSpreadToTellApartAreUndecided() {
        said(FailureRates.compare("webflux", failing(100, 300, 200), "mvc-platform", failing(150, 160), RULES), Verdict.Kind.UNDECIDED,
                FailureRates.Placement.BOTH_ABOVE, "both fail above the bar, undecided which more: ");
    }

    @Test
    void aSideTooSpreadToPlaceAgainstTheBarLeavesItUndecided() {
        said(FailureRates.compare("mvc-platform", failing(0, 60), "webflux", failing(0, 0), RULES), Verdict.Kind.UNDECIDED,
                FailureRates.Placement.NEAR_THE_BAR, "failures near the bar, undecided: 3 % of requests failed (0–6 % by trial) against ");
    }

    @Test
    void failuresWithinTheBarOnBothSidesLeaveTheComparisonToTheFigures() {
        assertThat(FailureRates.decide(failing(5, 9), failing(0, 0), RULES)).isFalse();
    }

    private static void said(FailureRates.Answer answer, Verdict.Kind kind, FailureRates.Placement placement, String opening) {
        Verdict v = answer.verdict();
        assertThat(v.kind()).as(v.text()).isEqualTo(kind);
        assertThat(answer.placement()).as(v.text()).isEqualTo(placement);
        assertThat(v.text()).startsWith(opening);
    }

    /** Completed trials of 1,000 requests, each failing the given count of them. */
    private static List<TrialResult> failing(long... failed) {
        return Arrays.stream(failed).mapToObj(f -> TrialResult.of(Trials.identity())
                .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null))
                .window(Trials.window(1000 - f, f == 0 ? Map.of() : Map.of("status", f), f / 1000.0))
                .latencies(new Latencies(Trials.latency(1, 2, 3), null, null))
                .build()).toList();
    }
}
