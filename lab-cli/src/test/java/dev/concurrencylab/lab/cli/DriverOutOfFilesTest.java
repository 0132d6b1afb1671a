package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.load.hyperfoil.TestServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The driver's own descriptors are the driver's limit: running out of them is said as such, never as the server's or a service's fault. */
@Execution(ExecutionMode.CONCURRENT)
class DriverOutOfFilesTest {

    @TempDir
    Path tmp;

    @Test
    void aLabThatRunsOutOfFilesFlagsItsDriverAndBlamesNeitherServerNorService() throws Exception {
        // 600 arrivals a second of a 2 s wait keep ~1,200 requests in flight: more connections than 512 descriptors allow.
        try (TestServer server = new TestServer();
                ChildLab lab = ChildLab.start(tmp, """
                        name: out-of-files
                        variants:
                          - {name: slow, url: "%s"}
                        warmup: 1s
                        benchmarks:
                          - workload: delay
                            params: {ms: "2000"}
                            load: {model: open-rate, rate: 600, duration: 4s, max-sessions: 3000}
                        """.formatted(server.uri()), "run", List.of("prlimit", "--nofile=512:512", "--"))) {
            lab.awaitExit();
            JsonNode trial = ResultStore.JSON.readTree(lab.trials().getFirst().toFile());
            JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());

            assertThat(trial.path("flags").toString()).as("its output: %s", lab.log()).contains("driver-out-of-files")
                    .doesNotContain("overloaded").doesNotContain("service-died").doesNotContain("server-died");
            assertThat(trial.path("reasons").path("driver-out-of-files").asText()).contains("open-files limit 512 (hard 512)");
            assertThat(run.path("machine").path("labOpenFiles").asText()).startsWith("soft 512, hard 512");
        }
    }

    @Test
    void aLabWhosePinnedConnectionsCannotFitItsFilesRefusesToStartInOneLine() throws Exception {
        // 400 closed workers pin 400 connections: with the lab's own files that is past 512 descriptors, so every trial would fail.
        try (ChildLab lab = ChildLab.start(tmp, """
                name: too-many-users
                variants:
                  - {name: nowhere, url: "http://127.0.0.1:9"}
                benchmarks:
                  - workload: hello
                    load: {model: max-rate, workers: 400, duration: 2s}
                """, "run", List.of("prlimit", "--nofile=512:512", "--"))) {
            lab.awaitExit();

            assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isEqualTo(2);
            assertThat(lab.log().strip()).startsWith("lab: benchmark hello opens 400 connections").contains("open-files limit 512 (hard 512)")
                    .contains("ulimit").doesNotContain("\n").doesNotContain("Exception");
            assertThat(lab.out.resolve("run.json")).doesNotExist();
        }
    }
}
