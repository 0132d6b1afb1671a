package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The lab in its own JVM, killed with SIGKILL after its first trial, or ended with SIGTERM during its second trial or capacity step. */
@Execution(ExecutionMode.CONCURRENT)
class KilledLabTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aLabKilledAfterItsFirstTrialKeepsThatTrialAndLeavesNoProcessBehind() throws Exception {
        assertThat(ChildLab.HOME.resolve("sut-mvc/target/sut-mvc.jar")).as("sut-mvc is built before lab-cli in the reactor").exists();
        try (ChildLab lab = ChildLab.run(tmp, """
                name: three-trials
                variants: [mvc-platform]
                trials: 3
                warmup: 1s
                benchmarks:
                  - workload: hello
                    load: {model: max-rate, workers: 4, duration: 2s}
                """)) {
            lab.awaitWhileRunning(() -> !lab.trials().isEmpty(), "first trial written");
            List<ProcessHandle> children = lab.process.descendants().toList();
            assertThat(children).as("the lab started the server").isNotEmpty();

            lab.process.destroyForcibly().waitFor();

            // a bound for a busy machine, not a speed: a server that outlived the lab would be there for good
            long killed = System.nanoTime();
            while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(30)) {
                Thread.sleep(50);
            }
            assertThat(children).as("no process the lab started is alive 30 s after kill -9").noneMatch(ProcessHandle::isAlive);
            List<Path> kept = lab.trials();
            assertThat(kept).isNotEmpty();
            var trial = ResultStore.JSON.readTree(kept.getFirst().toFile());
            assertThat(trial.path("status").asText()).as("first trial: %s", trial).isEqualTo("ok");
            assertThat(trial.path("count").asLong()).isPositive();
        }
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aLabEndedMidTrialWritesNoRecordBlamingTheServerItStoppedItself() throws Exception {
        // Kafka takes seconds to stop: while the shutdown stops it, the trial's watchdog sees the
        // server the shutdown stopped first, and the lab went on as if the server had died.
        try (ChildLab lab = ChildLab.run(tmp, """
                name: ended-mid-trial
                variants: [mvc-platform]
                trials: 3
                warmup: 1s
                benchmarks:
                  - workload: post-save-publish
                    params: {ack: saved}
                    # the SIGTERM comes as the second window opens: 8 s (not 15) still outlasts the shutdown's stop of the server
                    load: {model: max-rate, workers: 4, duration: 8s}
                """)) {
            lab.awaitWindowOf(2);
            List<ProcessHandle> children = lab.process.descendants().toList();

            lab.process.destroy();
            assertThat(lab.process.waitFor(60, TimeUnit.SECONDS)).as("the lab ends on SIGTERM").isTrue();

            assertThat(lab.trials()).as("only the finished trial is kept, not one blaming the server: %s", lab.log()).hasSize(1);
            var run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
            assertThat(run.path("status").asText()).isEqualTo("interrupted");
            assertThat(run.path("trialsWritten").asInt()).isEqualTo(1);
            assertThat(lab.log()).as("no server is started once the lab is ending").doesNotContain("for trial 3/3");
            assertThat(lab.log()).as("an ending said plainly").doesNotContain("Shutdown in progress").doesNotContain("Exception");
            // Kafka stopped by the ending, the trial's watchdog saw a dead service (seen: "FAILED: service-died: redis died")
            assertThat(lab.log()).as("the cut trial blames nothing the lab stopped itself").doesNotContain("FAILED").doesNotContain("died")
                    .doesNotContain("lab: done:").contains("lab: stopped; the trials that finished are kept in");
            long ended = System.nanoTime();
            while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() - ended < TimeUnit.SECONDS.toNanos(30)) {
                Thread.sleep(50);
            }
            assertThat(children).as("no process the lab started outlives it").noneMatch(ProcessHandle::isAlive);
        }
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aCapacitySearchEndedMidStepWritesNeitherTheStepNorAnOutcomeForItsVariant() throws Exception {
        try (ChildLab lab = ChildLab.start(tmp, """
                name: capacity-ended-mid-step
                variants: [mvc-platform]
                warmup: 1s
                capacity:
                  start-rate: 50
                  max-steps: 6
                  slo: {p99: 250ms}
                benchmarks:
                  - workload: hello
                    # the SIGTERM comes once the first step is written, as the second begins: its 6 s outlast the shutdown's stop of the server
                    load: {model: open-rate, rate: 50, duration: 5s}
                """, "capacity")) {
            // Not the second step's progress line: a log gets one every 5 s at most, and a 6 s step may show none (seen in CI).
            lab.awaitWhileRunning(() -> lab.trials().size() == 1, "the first step written");

            lab.process.destroy();
            assertThat(lab.process.waitFor(60, TimeUnit.SECONDS)).as("the lab ends on SIGTERM").isTrue();

            assertThat(lab.trials()).as("only the finished step is kept: %s", lab.log()).hasSize(1);
            assertThat(lab.out.resolve(ResultStore.CAPACITY_FILE)).as("a search cut short has no outcome").doesNotExist();
            assertThat(lab.log()).as("no step after the end, and no server for one").doesNotContain("a fresh server for step")
                    .contains("lab: stopped; the steps that finished are kept in");
            var run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
            assertThat(run.path("status").asText()).isEqualTo("interrupted");
        }
    }
}
