package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.TrialIdentity;
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
        assertThat(once).contains("| `20261123-100000-e0-posts` | e0-posts | standard | 6 trials | fixed | 12 min 00 s | a8e4f74 | 2026-11-23 |")
                .containsSubsequence("### Run `20261123-100000-e0-posts`", "### Run `20261124-100000-e0-posts`", "### Across runs",
                        "## What the machine limited")
                .contains("the server shares its CPU with PostgreSQL");
    }

    @Test
    void aVerdictThatMovesBetweenRunsIsNamedWithWhatEachRunSaid() throws IOException {
        Path faster = run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        Path same = run("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 10_000, 10_050, 10_100);

        String text = Findings.render(List.of(faster, same));

        assertThat(text).contains("| posts | webflux / mvc-platform | throughput | `20261123-100000-e0-posts` | 1.40 (")
                .contains("Where the verdict moved between runs")
                .containsPattern("- posts, throughput of webflux against mvc-platform: `20261123-100000-e0-posts` 40.3 % higher throughput than "
                        + "mvc-platform \\(.*\\); `20261124-100000-e0-posts` the same as mvc-platform within ±5 %");
    }

    @Test
    void runsThatDisagreeAreConcludedAsDependingOnTheRunWithWhatDiffersBetweenThem() throws IOException {
        Path slowDay = runCosting("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 100.0, 14_000, 14_100, 14_200);
        Path fastDay = runCosting("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 80.0, 8_000, 8_050, 8_100);

        String text = Findings.render(List.of(slowDay, fastDay));

        assertThat(text).contains("- posts, throughput of webflux against mvc-platform: **depends on the run** — `20261123-100000-e0-posts` 40.3 % "
                + "higher throughput").contains("Those runs differ in the base's server CPU per 1,000 answers (ms) (100 / 80)");
    }

    @Test
    void aClaimBesideAnUndecidedRunWhoseIntervalLeavesItOutDependsOnTheRunThoughOnlyOneAnswered() throws IOException {
        Path claims = run("a", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        Path undecided = run("b", "2026-11-24T10:00:00Z", 9_000, 10_000, 11_500);

        String text = Findings.render(List.of(claims, undecided));

        assertThat(text).containsPattern("- posts, throughput of webflux against mvc-platform: \\*\\*depends on the run\\*\\* — `a` 40.3 % higher "
                + "throughput than mvc-platform \\([^)]*\\); `b` undecided against mvc-platform \\(ratio 1.01, 95 % CI 0.\\d\\d–1.\\d\\d")
                .doesNotContain("**one run answers**");
    }

    @Test
    void eachRunShowsWhatTheBaseVariantsAnswersCostThereSoADaysMachineSpeedIsSeen() throws IOException {
        Path slowDay = runCosting("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 100.0, 14_000, 14_100, 14_200);
        Path fastDay = runCosting("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 45.0, 14_000, 14_100, 14_200);

        String text = Findings.render(List.of(slowDay, fastDay));

        assertThat(text).contains("| posts | webflux / mvc-platform | throughput | `20261123-100000-e0-posts` |")
                .containsPattern("\\| `20261123-100000-e0-posts` \\| 1\\.40 \\([^|]*\\) \\| better \\| 100 \\|")
                .containsPattern("\\| `20261124-100000-e0-posts` \\| 1\\.40 \\([^|]*\\) \\| better \\| 45 \\|")
                .contains("the base's server CPU per 1,000 answers (ms)");
    }

    @Test
    void eachRunsWallTimeIsSplitIntoStartUpsWarmUpsWindowsAndTheRestFromItsTrials() throws IOException {
        // 12 minutes; six trials, each with a 4 s start-up, warm-ups of 30, 40 and 50 s per variant, 1 s windows
        String text = Findings.render(List.of(run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200)));

        assertThat(text).contains("| run | trials | wall time | server start-ups | warm-ups | warm-up per trial | measured windows | the rest |")
                .contains("| `20261123-100000-e0-posts` | 6 | 12:00 | 0:24 (3 %) | 4:00 (33 %) | 40 (30–50) s | 0:06 (1 %) | 7:30 (63 %) |");
    }

    @Test
    void aRunWhoseTrialsSharedServersSaysSo() throws IOException {
        Path dir = run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        // the same run as if each webflux trial had followed the trial before it on its server
        for (int number = 2; number <= 6; number += 2) {
            TrialResult t = FinishedRuns.trial(number, "webflux", number / 2, 14_000, null);
            TrialIdentity id = t.identity();
            FinishedRuns.write(dir.resolve("trials"), new TrialResult(new TrialIdentity(id.number(), id.variant(), id.benchmark(), id.workload(),
                    id.repetition(), id.loadModel(), id.load(), number - 1), t.outcome(), t.warmUp(), t.window(), t.latencies(),
                    t.delivery(), t.completion(), t.judged(), t.server()));
        }

        assertThat(Findings.render(List.of(dir))).contains("Launches were shared: 3 of the 6 trials ran on the server an earlier trial");
        assertThat(Findings.render(List.of(run("unshared", "2026-11-24T10:00:00Z", 14_000, 14_100, 14_200))))
                .doesNotContain("Launches were shared");
    }

    @Test
    void aComparisonPastTheSuitesErrorRateGetsNoVerdictAcrossRunsAsInItsOwnRun() throws IOException {
        Path failing = run("20261123-100000-e0-posts", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200);
        // mvc-platform's trials failed 5 % of their requests in this run: its section gives no throughput verdict
        for (int number = 1; number <= 5; number += 2) {
            TrialResult t = FinishedRuns.trial(number, "mvc-platform", (number + 1) / 2, 10_000, null);
            FinishedRuns.write(failing.resolve("trials"), new TrialResult(t.identity(), t.outcome(), t.warmUp(),
                    Trials.window(10_000, Map.of("reset", 50L), 0.05), t.latencies(), t.delivery(), t.completion(), t.judged(), t.server()));
        }
        Path clean = run("20261124-100000-e0-posts", "2026-11-24T10:00:00Z", 14_000, 14_100, 14_200);

        String text = Findings.render(List.of(failing, clean));

        assertThat(text).contains("- webflux — fails less than mvc-platform: 0 % of requests failed (0 % by trial; within the 1 % bar, "
                        + "95 % upper bound 0 %) against 5 % of requests failed (5 % by trial; above the 1 % bar, 95 % lower bound 5 %) for mvc-platform")
                .contains("| posts | webflux / mvc-platform | throughput | `20261123-100000-e0-posts` | – | no verdict |")
                .containsPattern("- posts, throughput of webflux against mvc-platform: `20261123-100000-e0-posts` fails less than mvc-platform: "
                        + ".*; `20261124-100000-e0-posts` 40.3 % higher throughput than mvc-platform");
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
    void aRunMadeWithFilesOutsideTheRepoSaysSoInsteadOfARerunLineAReaderCannotFollow() {
        assertThat(Findings.rerun("./lab run e0-posts --scale full")).isEqualTo("Re-run: `./lab run e0-posts --scale full`.");
        assertThat(Findings.rerun("./lab run /work/carry.yaml --scale standard")).startsWith("Made with a file outside the repo (`/work/carry.yaml`)")
                .doesNotContain("Re-run");
    }

    @Test
    void runsThatAgreeAreSaidToAgree() throws IOException {
        String text = Findings.render(List.of(run("a", "2026-11-23T10:00:00Z", 14_000, 14_100, 14_200),
                run("b", "2026-11-24T10:00:00Z", 14_000, 14_100, 14_200)));

        assertThat(text).contains("Every comparison got the same kind of verdict in every run.").doesNotContain("Where the verdict moved");
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
