package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.monitor.HelloServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A run killed part-way goes on with {@code ./lab resume} in its own directory: one run, its trials kept, its parts recorded. */
@Execution(ExecutionMode.CONCURRENT)
class ResumeTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aRunKilledAfterItsFirstTrialGoesOnFromTheNextKeepingWhatItWrote() throws Exception {
        HelloServer server = HelloServer.start();
        int port = server.port();
        try (ChildLab lab = ChildLab.start(tmp, """
                name: resumed
                variants:
                  - {name: users-own, url: "http://127.0.0.1:%d"}
                trials: 4
                warmup: 1s
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 100, duration: 3s}
                """.formatted(port), "run", List.of(), List.of("--cpus", "off"))) {
            lab.awaitWhileRunning(() -> !lab.trials().isEmpty(), "first trial written");
            // stopped, it holds its lock and writes no more: however long the resume beside it takes to start on a busy
            // machine, the run can neither end meanwhile nor be killed after its last trial
            assertThat(new ProcessBuilder("kill", "-STOP", Long.toString(lab.process.pid())).start().waitFor()).isZero();
            try (ChildLab beside = ChildLab.resume(tmp, lab.out, "beside.log")) {
                beside.awaitExit();
                assertThat(beside.process.exitValue()).as("a run still going is not resumed beside it: %s", beside.log()).isEqualTo(2);
                assertThat(beside.log()).contains("is in use: a lab is still running there");
            }
            lab.process.destroyForcibly().waitFor();
            Map<Path, byte[]> kept = new LinkedHashMap<>();
            for (Path trial : lab.trials()) {
                kept.put(trial, Files.readAllBytes(trial));
            }
            // four trials (not six): the run is stopped as its first is written, so at least two are left to the resume
            assertThat(kept).as("killed before its last trial").isNotEmpty().hasSizeLessThan(4);

            try (ChildLab resumed = ChildLab.resume(tmp, lab.out, "resume.log")) {
                resumed.awaitExit();
                assertThat(resumed.process.exitValue()).as("its output: %s", resumed.log()).isZero();
                assertThat(resumed.log()).contains("the plan goes on from trial " + (kept.size() + 1));

                assertThat(lab.trials()).hasSize(4);
                for (Map.Entry<Path, byte[]> e : kept.entrySet()) {
                    assertThat(Files.readAllBytes(e.getKey())).as("%s as the first part wrote it", e.getKey()).isEqualTo(e.getValue());
                }
                for (int i = 0; i < 4; i++) {
                    JsonNode trial = ResultStore.JSON.readTree(lab.trials().get(i).toFile());
                    assertThat(trial.path("number").asInt()).isEqualTo(i + 1);
                    assertThat(trial.path("repetition").asInt()).isEqualTo(i + 1);
                    assertThat(trial.path("status").asText()).isEqualTo("ok");
                }
                JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
                assertThat(run.path("status").asText()).isEqualTo("complete");
                assertThat(run.path("trialsWritten").asInt()).isEqualTo(4);
                JsonNode parts = run.path("parts");
                assertThat(parts.size()).isEqualTo(2);
                assertThat(parts.get(0).path("trialsWritten").asInt()).isEqualTo(kept.size());
                assertThat(parts.get(1).path("trialsWritten").asInt()).isEqualTo(4);
                for (JsonNode part : parts) {
                    assertThat(part.path("finished").asText()).as("each part's end: %s", part).isGreaterThan(part.path("started").asText());
                }
                assertThat(run.path("started").asText()).isEqualTo(parts.get(0).path("started").asText());
                assertThat(Files.readString(lab.out.resolve("report.md"))).contains("- **parts**: ");
            }
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
