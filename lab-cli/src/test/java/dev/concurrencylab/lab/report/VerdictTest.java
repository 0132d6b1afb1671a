package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.TrialResult;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison rules, on trial records as the runner writes them. */
class VerdictTest {

    @Test
    void aClearDifferenceIsSaidAsARatioAndAPercentageAgainstTheBase() {
        Verdict v = Verdict.of(Figure.P99, "mvc-virtual", trials(4.5, 5.0), "mvc-platform", trials(10.0, 11.0));

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(v.text()).isEqualTo("2.2× lower p99 than mvc-platform (54.8 % lower)");
    }

    @Test
    void higherThroughputIsBetterAndNeverSaidAsPlusPercentBetter() {
        Verdict v = Verdict.of(Figure.THROUGHPUT, "webflux", throughput(290, 310), "mvc-platform", throughput(95, 105));

        assertThat(v.kind()).isEqualTo(Verdict.Kind.BETTER);
        assertThat(v.text()).isEqualTo("3.0× higher throughput than mvc-platform (200 % higher)").doesNotContain("+");
    }

    @Test
    void overlappingRangesAreNoClearDifference() {
        Verdict v = Verdict.of(Figure.P99, "webflux", trials(9.0, 12.0), "mvc-platform", trials(10.0, 11.0));

        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_CLEAR_DIFFERENCE);
    }

    @Test
    void aConsistentButTinyChangeIsNoClearDifference() {
        Verdict v = Verdict.of(Figure.P99, "webflux", trials(10.1, 10.2), "mvc-platform", trials(9.9, 10.0));

        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_CLEAR_DIFFERENCE);
        assertThat(v.text()).isEqualTo("no clear difference from mvc-platform (2.01 %, under 5 %)");
    }

    @Test
    void oneTrialGivesNoVerdict() {
        Verdict v = Verdict.of(Figure.P99, "webflux", trials(1.0), "mvc-platform", trials(10.0));

        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_VERDICT);
        assertThat(v.text()).contains("one trial");
    }

    @Test
    void aFlaggedTrialNeverWins() {
        List<TrialResult> flagged = List.of(trial(1.0, 100, "noisy"), trial(1.2, 100));
        Verdict v = Verdict.of(Figure.P99, "webflux", flagged, "mvc-platform", trials(10.0, 11.0));

        assertThat(v.kind()).isEqualTo(Verdict.Kind.NO_VERDICT);
        assertThat(v.text()).isEqualTo("no verdict: flagged noisy");
    }

    @Test
    void theMedianOfAnEvenNumberOfTrialsIsTheMeanOfTheMiddleTwo() {
        Spread s = Spread.of(Figure.P99, trials(4.0, 1.0, 3.0, 2.0));

        assertThat(s.median()).isEqualTo(2.5);
        assertThat(s.text()).isEqualTo("2.50 (1–4)");
    }

    private static List<TrialResult> trials(double... p99) {
        return Arrays.stream(p99).mapToObj(p -> trial(p, 100)).toList();
    }

    private static List<TrialResult> throughput(double... rates) {
        return Arrays.stream(rates).mapToObj(r -> trial(5, r)).toList();
    }

    private static TrialResult trial(double p99, double throughput, String... flags) {
        String json = """
                {"number": 1, "variant": "v", "benchmark": "b", "status": "ok", "throughput": %s,
                 "latency": {"p50Ms": 1, "p99Ms": %s}, "flags": [%s], "errors": {}}
                """.formatted(throughput, p99, String.join(",", Arrays.stream(flags).map(f -> '"' + f + '"').toList()));
        try {
            return ResultStore.JSON.readValue(json, TrialResult.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
