package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.monitor.HelloServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A suite's own sequence, run by the lab against a real server: each step's figures in the trial, in the report and in thresholds. */
class RequestSequenceRunTest {

    @TempDir
    Path tmp;

    @Test
    void aSequencesStepsAreRecordedApartAndAThresholdOnOneOfThemGatesTheExitCode() throws Exception {
        HelloServer server = HelloServer.start();
        try (ChildLab lab = ChildLab.run(tmp, """
                name: sequence
                variants:
                  - {name: users-own, url: "http://127.0.0.1:%d"}
                warmup: 1s
                thresholds: ["p99{request:list} < 10s", "max{request:edit} < 0.001ms"]
                workloads:
                  visit:
                    checks: {status: 200}
                    sequence:
                      - {name: list, request: {path: "/hello?step=list&visitor={session}"}, checks: {status: 200, body-contains: Hello}}
                      - {name: edit, request: {method: POST, path: "/hello?step=edit&visitor={session}", body: "{}"}}
                benchmarks:
                  - workload: visit
                    load: {model: users-x-requests, users: 4, requests: 25}
                """.formatted(server.port()))) {
            JsonNode trial = lab.firstTrialOk();
            JsonNode list = trial.path("requests").path(0);
            JsonNode edit = trial.path("requests").path(1);
            assertThat(list.path("name").asText()).isEqualTo("list");
            assertThat(edit.path("name").asText()).isEqualTo("edit");
            assertThat(trial.path("sent").asLong()).as("4 users run the sequence 25 times each").isEqualTo(200);
            assertThat(list.path("sent").asLong()).isEqualTo(100);
            assertThat(edit.path("count").asLong()).isEqualTo(100);
            assertThat(trial.path("checks").toString()).contains("list: body contains Hello", "edit: status is 200");

            JsonNode thresholds = trial.path("thresholds");
            assertThat(thresholds.path(0).path("actual").asDouble()).isEqualTo(list.path("latency").path("p99Ms").asDouble());
            assertThat(thresholds.path(0).path("passed").asBoolean()).isTrue();
            assertThat(thresholds.path(1).path("passed").asBoolean()).as("no answer takes under a microsecond").isFalse();
            assertThat(lab.process.exitValue()).as("a crossed threshold on one step; output: %s", lab.log()).isEqualTo(3);
            assertThat(Files.readString(lab.out.resolve("report.md"))).contains("Requests of the mix or sequence").contains("| users-own | edit |");
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
