package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/findings.md as a function of results directories. */
class FindingsTest {

    @TempDir
    Path tmp;

    @Test
    void theSameDirectoriesGiveTheSameFileInWhateverOrderTheyAreGiven() throws IOException {
        Path monday = run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        Path tuesday = run("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 7_000, 7_100, 7_200);

        String once = Findings.render(List.of(monday, tuesday));

        assertThat(Findings.render(List.of(tuesday, monday))).isEqualTo(once);
        assertThat(once).contains("| [20261123-100000-e0-posts](runs/20261123-100000-e0-posts/report.md) | e0-posts | standard | fresh | 6 "
                        + "| fixed | 12 min 00 s | a8e4f74 | 2026-11-23 | AMD EPYC, 2 CPUs | – |")
                .contains("| [20261124-100000-e0-posts](runs/20261124-100000-e0-posts/report.md) | e0-posts | standard | fresh | 6 "
                        + "| fixed | 12 min 00 s | a8e4f74 | 2026-11-24 | AMD EPYC, 2 CPUs | the answer |")
                .containsSubsequence("## The answer first", "**When the answer would flip**", "## The runs", "## What the machine limited")
                .contains("the server shares its CPU with PostgreSQL");
    }

    @Test
    void eachRunsFiguresComparisonsAndWhyLinesStayInItsReport() throws IOException {
        String text = Findings.render(List.of(runCosting("a", "2026-11-23T10:00:00Z", 100.0, 14_000, 14_100, 14_200)));

        assertThat(text).doesNotContain("### Run", "| variant | trials |", "Why:", "Against mvc-platform:")
                .contains("[a](runs/a/report.md)");
    }

    @Test
    void anAnswerThatAnotherRunReadsOtherwiseIsNamedWithBothReadingsAndWhatDiffersBetweenTheRuns() throws IOException {
        Path faster = run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        Path same = run("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 10_000, 10_050, 10_100);

        String text = Findings.render(List.of(faster, same));

        assertThat(text).containsPattern("- \\*\\*A database read\\*\\*, webflux's throughput: \\[= 1.00× \\([^)]*\\)\\]"
                        + "\\(runs/20261124-100000-e0-posts/report.md#posts\\) in `20261124-100000-e0-posts` \\(standard, AMD EPYC, 2 CPUs\\), "
                        + "but \\[✓ 1.40× \\([^)]*\\)\\]\\(runs/20261123-100000-e0-posts/report.md#posts\\) in `20261123-100000-e0-posts`")
                .contains("The runs differ in nothing the lab records but their day and launches: this answer is not settled.");
    }

    @Test
    void aClaimBesideAnUndecidedRunWhoseIntervalLeavesItOutFlipsTheAnswerThoughOnlyOneAnswered() throws IOException {
        Path claims = run("a", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        Path undecided = run("b", "2026-11-24T10:00:00Z", 9_000, 10_000, 11_500);

        String text = Findings.render(List.of(claims, undecided));

        assertThat(text).containsPattern("webflux's throughput: \\[\\? 1.01× \\(0.\\d\\d–1.\\d\\d\\)\\]\\(runs/b/report.md#posts\\) in `b` "
                + "[^\\n]*, but \\[✓ 1.40× ").doesNotContain("Read again, and not otherwise");
    }

    @Test
    void aRunWhereFailuresDecideTheLineFlipsTheAnswerOfOneWhereTheyDoNot() throws IOException {
        Path failing = run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        // mvc-platform's trials failed 5 % of their requests in this run: the failures decide its line
        for (int number = 1; number <= 5; number += 2) {
            TrialResult t = FinishedRuns.trial(number, "mvc-platform", (number + 1) / 2, 10_000, null);
            FinishedRuns.write(failing.resolve("trials"), new TrialResult(t.identity(), t.outcome(), t.warmUp(),
                    Trials.window(10_000, Map.of("reset", 50L), 0.05), t.latencies(), t.delivery(), t.completion(), t.judged(), t.server()));
        }
        Path clean = run("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 14_000, 14_100, 14_200);

        String text = Findings.render(List.of(failing, clean));

        assertThat(text).contains("webflux's failures: [within the failure bar](runs/20261124-100000-e0-posts/report.md#posts) in "
                + "`20261124-100000-e0-posts` (standard, AMD EPYC, 2 CPUs), but [fails less](runs/20261123-100000-e0-posts/report.md#posts)");
    }

    @Test
    void eachRunsWallTimeIsSplitIntoStartUpsWarmUpsWindowsAndTheRestFromItsTrials() throws IOException {
        // 12 minutes; six trials, each with a 4 s start-up, warm-ups of 30, 40 and 50 s per variant, 1 s windows
        String text = Findings.render(List.of(run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200)));

        assertThat(text).contains("| run | trials | wall time | server start-ups | warm-ups | warm-up per trial | measured windows | the rest |")
                .contains("| `20261123-100000-e0-posts` | 6 | 12:00 | 0:24 (3 %) | 4:00 (33 %) | 40 (30–50) s | 0:06 (1 %) | 7:30 (63 %) |");
    }

    @Test
    void eachRunSaysHowManyOfItsThroughputAndP99ComparisonsEndInAnAnswer() throws IOException {
        Path claims = run("a", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        Path undecided = run("b", "2026-11-24T10:00:00Z", 9_000, 10_000, 11_500);

        String text = Findings.render(List.of(claims, undecided));

        // both variants' p99 are the same in every trial: the same within ±5 % in both runs
        assertThat(text).contains("| run | answered | claimed | the same | by failures | undecided | no verdict |")
                .contains("| `a` | 2 of 2 (100 %) | 1 | 1 | 0 | 0 | 0 |")
                .contains("| `b` | 1 of 2 (50 %) | 0 | 1 | 0 | 1 | 0 |")
                .contains("Over all runs: 3 of 4 (75 %).");
    }

    @Test
    void aRunThatReadsTheSameAnswerIsNamedAsReadingNoOther() throws IOException {
        String text = Findings.render(List.of(run("a", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200),
                run("b", "2026-11-24T10:00:00Z", 14_000, 14_100, 14_200)));

        assertThat(text).contains("- Read again, and not otherwise (no answer on the other side, no interval apart, for any stack): "
                        + "a database read in `a` (standard, AMD EPYC, 2 CPUs).")
                .doesNotContain("but [");
    }

    @Test
    void aKindOfWorkMeasuredInOneRunSaysNothingOfWhenItWouldFlip() throws IOException {
        String text = Findings.render(List.of(run("a", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200)));

        assertThat(text).contains("| a database read |").doesNotContain("When the answer would flip");
    }

    /** A finished run of e0-posts: mvc-platform at 10,000 req/s and webflux at the throughputs given, three trials each. */
    private Path run(String name, String started, double... webflux) throws IOException {
        return FinishedRuns.e0Posts(tmp, name, started, null, webflux);
    }

    /** As above, mvc-platform's trials spending {@code baseCpuMsPer1k} of server CPU per 1,000 answers (none recorded when null). */
    private Path runCosting(String name, String started, Double baseCpuMsPer1k, double... webflux) throws IOException {
        return FinishedRuns.e0Posts(tmp, name, started, baseCpuMsPer1k, webflux);
    }
}
