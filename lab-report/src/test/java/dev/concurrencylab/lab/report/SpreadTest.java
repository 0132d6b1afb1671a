package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.Delivery;
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

    @Test
    void latenciesOfATrialThatLeftArrivalsUnsentAreLowerBoundsAndThroughputIsNot() {
        TrialResult behind = Trials.ok(100, 900);
        behind = new TrialResult(behind.identity(), behind.outcome(), behind.warmUp(), behind.window(), behind.latencies(),
                new Delivery(3000.0, 2500, 3544, 3000, 2, null, null, null), behind.completion(), behind.judged(), behind.server());
        List<TrialResult> trials = List.of(Trials.ok(100, 800), behind);

        assertThat(Spread.of(Figure.P99, trials).text()).isEqualTo("≥ 850 (800–900)");
        assertThat(Spread.of(Figure.P50, trials).text()).startsWith("≥ ");
        assertThat(Spread.of(Figure.THROUGHPUT, trials).text()).isEqualTo("100");
        assertThat(Spread.of(Figure.P99, List.of(Trials.ok(100, 800))).text()).as("every arrival sent").isEqualTo("800");
    }

    private static List<TrialResult> trials(double... p99) {
        return Arrays.stream(p99).mapToObj(p -> Trials.ok(100, p)).toList();
    }
}
