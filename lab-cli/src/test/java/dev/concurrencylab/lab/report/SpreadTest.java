package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A figure's spread over trials, as the report's tables print it. */
class SpreadTest {

    @Test
    void theMedianOfAnEvenNumberOfTrialsIsTheMeanOfTheMiddleTwo() {
        Spread s = Spread.of(Figure.P99, trials(4.0, 1.0, 3.0, 2.0));

        assertThat(s.median()).isEqualTo(2.5);
        assertThat(s.text()).isEqualTo("2.50 (1–4)");
    }

    private static List<TrialResult> trials(double... p99) {
        return Arrays.stream(p99).mapToObj(p -> {
            try {
                return ResultStore.JSON.readValue("""
                        {"number": 1, "variant": "v", "benchmark": "b", "status": "ok", "throughput": 100,
                         "sent": 1000, "latency": {"p50Ms": 1, "p99Ms": %s}, "flags": [], "errors": {}}
                        """.formatted(p), TrialResult.class);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }
}
