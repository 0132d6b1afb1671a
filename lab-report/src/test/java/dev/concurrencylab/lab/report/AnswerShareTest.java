package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.Verdict;
import dev.concurrencylab.lab.verdict.Verdict.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The share of a run's throughput and p99 comparisons that end in an answer, counted from the lines a report prints. */
class AnswerShareTest {

    @Test
    void aLineFailuresDecidedCountsAsAnAnswerForBothItsThroughputAndItsP99() {
        AnswerShare share = failuresLine(Kind.BETTER, "fails less than mvc-platform: …");

        assertThat(share.byFailures()).isEqualTo(2);
        assertThat(share.share()).isEqualTo("2 of 2 (100 %)");
    }

    @Test
    void failuresNearTheBarAreUndecidedNotAnAnswer() {
        AnswerShare share = failuresLine(Kind.UNDECIDED, "failures near the bar, undecided: …");

        assertThat(share.undecided()).isEqualTo(2);
        assertThat(share.share()).isEqualTo("0 of 2 (0 %)");
    }

    @Test
    void onlyThroughputAndP99CountAndEachReasonForNoVerdictIsCountedOnceWhateverItsTrialCounts() {
        List<Verdict> first = List.of(verdict(Figure.THROUGHPUT, Kind.NO_VERDICT,
                        "no verdict: 1 and 1 trial(s) give no interval; it takes at least 2 trials of each (3 or more advised: --trials 3)"),
                verdict(Figure.P99, Kind.NO_VERDICT, "no verdict: 2 and 1 trial(s) give no interval; it takes at least 2 trials of each"),
                verdict(Figure.CPU_AVG, Kind.BETTER, "lower CPU avg"));
        List<Verdict> second = List.of(verdict(Figure.THROUGHPUT, Kind.NO_VERDICT, "no verdict: flagged not-steady"),
                verdict(Figure.P99, Kind.SAME, "the same as mvc-platform within ±5 %"));

        AnswerShare share = AnswerShare.of(List.of(section(AnswerShare.counted(first)), section(AnswerShare.counted(second))));

        assertThat(share.comparisons()).isEqualTo(4);
        assertThat(share.share()).isEqualTo("1 of 4 (25 %)");
        assertThat(share.reasons()).isEqualTo("under 2 trials a side 2, flagged not-steady 1");
    }

    /** A run of one line, whose failure verdict decided it. */
    private static AnswerShare failuresLine(Kind kind, String text) {
        return AnswerShare.of(List.of(section(AnswerShare.counted(List.of(verdict(Figure.ERROR_RATE, kind, text))))));
    }

    private static Verdict verdict(Figure figure, Kind kind, String text) {
        return new Verdict("webflux", "mvc-platform", figure, kind, text, null);
    }

    private static Section section(List<Verdict> comparisons) {
        return new Section("posts", "", "", List.of(), "", List.of(), comparisons, List.of(), List.of());
    }
}
