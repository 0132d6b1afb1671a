package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.monitor.HelloServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A suite's own mix or sequence of named requests, run by the lab against a real server: per-request
 * figures in the trial and the report, thresholds on one request.
 */
@Execution(ExecutionMode.CONCURRENT)
class RequestMixRunTest {

    @TempDir
    Path tmp;

    private interface Finished {
        void check(ChildLab lab) throws Exception;
    }

    /** Runs {@code suite} (what follows its variants) on a server of the lab's own, then checks what it left. */
    private void run(String suite, Finished then) throws Exception {
        HelloServer server = HelloServer.start();
        try (ChildLab lab = ChildLab.run(tmp, ("""
                name: requests
                variants:
                  - {name: users-own, url: "http://127.0.0.1:%d"}
                warmup: 1s
                """ + suite).formatted(server.port()))) {
            then.check(lab);
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aMixsRequestsAreRecordedApartAndAThresholdOnOneOfThemGatesTheExitCode() throws Exception {
        run("""
                thresholds: ["p99{request:search} < 10s", "max{request:create} < 0.001ms", "error-rate < 1%%"]
                workloads:
                  greetings:
                    checks: {status: 200}
                    mix:
                      - {name: search, weight: 3, request: {path: "/hello?q=search"}, checks: {status: 200, body-contains: Hello}}
                      - {name: create, weight: 1, request: {method: POST, path: "/hello?q=create", body: "{}"}}
                benchmarks:
                  - workload: greetings
                    load: {model: open-rate, rate: 400, duration: 3s}
                """, lab -> {
            JsonNode trial = lab.firstTrialOk();
            JsonNode search = trial.path("requests").path(0);
            JsonNode create = trial.path("requests").path(1);
            assertThat(search.path("name").asText()).isEqualTo("search");
            assertThat(create.path("name").asText()).isEqualTo("create");
            assertThat(search.path("sent").asLong() + create.path("sent").asLong()).isEqualTo(trial.path("sent").asLong());
            assertThat(search.path("sharePercent").asDouble()).isCloseTo(75, org.assertj.core.data.Offset.offset(1.0));
            assertThat(create.path("count").asLong()).isPositive();
            assertThat(create.path("latency").path("p99Ms").asDouble()).isPositive();
            assertThat(trial.path("checks").toString()).contains("search: body contains Hello", "create: status is 200");

            JsonNode thresholds = trial.path("thresholds");
            assertThat(thresholds.path(0).path("threshold").asText()).isEqualTo("p99{request:search} < 10s");
            assertThat(thresholds.path(0).path("actual").asDouble()).isEqualTo(search.path("latency").path("p99Ms").asDouble());
            assertThat(thresholds.path(0).path("passed").asBoolean()).isTrue();
            assertThat(thresholds.path(1).path("passed").asBoolean()).as("no answer takes under a microsecond").isFalse();
            assertThat(lab.process.exitValue()).as("a crossed threshold on one request; output: %s", lab.log()).isEqualTo(3);
            Path report = lab.out.resolve("report.md");
            assertThat(Files.readString(report)).contains("Requests of the mix").contains("| users-own | create |");
        });
    }


    @Test
    void aSequencesStepsAreRecordedApartAndAThresholdOnOneOfThemGatesTheExitCode() throws Exception {
        run("""
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
                """, lab -> {
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
        });
    }
}
