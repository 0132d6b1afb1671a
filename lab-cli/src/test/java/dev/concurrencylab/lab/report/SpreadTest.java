package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
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
        return Arrays.stream(p99).mapToObj(p -> Trials.ok(100, p)).toList();
    }
}
