package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A server under test killed in the middle of its trial, while the lab runs as a user runs it. */
class DyingServerTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aServerThatDiesMidTrialFailsThatTrialWithinTwoSecondsAndTheRunGoesOn() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, """
                name: dying-server
                variants: [mvc-platform]
                trials: 2
                warmup: 4s
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 50, duration: 5s}
                """)) {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            // The first progress line comes a second into the first trial's warm-up.
            while (!lab.log().contains("[1/2]")) {
                assertThat(lab.process.isAlive()).as("lab still running; its output: %s", lab.log()).isTrue();
                assertThat(System.nanoTime()).as("first trial under way within 3 minutes").isLessThan(deadline);
                Thread.sleep(50);
            }
            ProcessHandle server = lab.process.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains("sut-mvc.jar")).findFirst().orElseThrow();

            server.destroyForcibly();
            long killed = System.nanoTime();
            while (lab.trials().isEmpty() && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10)) {
                Thread.sleep(20);
            }
            double secondsToFailedTrial = (System.nanoTime() - killed) / 1e9;

            assertThat(lab.trials()).as("a record for the first trial").hasSize(1);
            assertThat(secondsToFailedTrial).as("seconds from the kill to the failed trial's record").isLessThan(2.0);
            JsonNode first = ResultStore.JSON.readTree(lab.trials().getFirst().toFile());
            assertThat(first.path("status").asText()).isEqualTo("failed");
            assertThat(first.path("failure").asText()).contains("died");
            assertThat(first.path("flags").toString()).contains("server-died");
            assertThat(first.path("serverLogTail").asText()).isNotBlank();

            assertThat(lab.process.waitFor(3, TimeUnit.MINUTES)).isTrue();
            List<Path> trials = lab.trials();
            assertThat(trials).as("the run went on; its output: %s", lab.log()).hasSize(2);
            assertThat(ResultStore.JSON.readTree(trials.get(1).toFile()).path("status").asText()).isEqualTo("ok");
            assertThat(lab.process.exitValue()).as("one failed trial of two is not a failed run").isZero();
        }
    }
}
