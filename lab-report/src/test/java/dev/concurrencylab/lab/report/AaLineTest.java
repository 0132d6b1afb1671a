package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A paired benchmark's A/A line: the base's second launch against its first, and what a claim there says of the rest. */
class AaLineTest {

    /** The base "a", its second launch at {@code second} times its first's level, and "b" and "c" beside them. */
    private static List<TrialResult> slices(double second) {
        return Trials.blocks("b", "a", second, "b", "c");
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
