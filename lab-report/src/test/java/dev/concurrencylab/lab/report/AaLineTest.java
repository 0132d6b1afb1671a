package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A paired benchmark's A/A line: the base's second launch against its first, and what a claim there says of the rest. */
class AaLineTest {

    /**
     * Three blocks of three cycles: the base "a", its second launch at {@code second} times its first's level,
     * and "b" and "c", whose launches move 1 % from block to block: the spread the A/A is judged on.
     */
    private static List<TrialResult> slices(double second) {
        List<TrialResult> slices = new ArrayList<>();
        double[] host = {1.0, 0.8, 1.1};
        double[] wobble = {1.01, 0.99, 1.0};
        for (int b = 1; b <= 3; b++) {
            double w = wobble[b - 1];
            for (int c = 1; c <= host.length; c++) {
                slices.add(Trials.slice("a", b, c, 1, 1000 * host[c - 1], 10));
                slices.add(Trials.slice("a", b, c, 2, 1000 * second * host[c - 1] * (2 - w), 10 * (2 - w)));
                slices.add(Trials.slice("b", b, c, 1, 1200 * host[c - 1] * w, 8 / w));
                slices.add(Trials.slice("c", b, c, 1, 900 * host[c - 1] / w, 12 * w));
            }
        }
        return slices;
    }

    @Test
    void twoLaunchesAtOneLevelReadTheSameAndRaiseNoSuspicion() {
        List<String> lines = ReportContent.aaLines("a", slices(1.0), VerdictRules.DEFAULT);
        assertThat(lines).hasSize(1);
        assertThat(lines.getFirst()).startsWith("a vs a (A/A) — throughput: the same as a within ±5 %");
    }

    @Test
    void anAaLineThatClaimsADifferenceMarksTheBenchmarksVerdictsSuspectWithItsFigures() {
        List<String> lines = ReportContent.aaLines("a", slices(1.3), VerdictRules.DEFAULT);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).startsWith("suspect: the A/A line claims a difference between two launches of a (throughput ratio 1.300, 95 % CI ")
                .endsWith("this benchmark's other verdicts rest on intervals that proved too narrow here");
    }
}
