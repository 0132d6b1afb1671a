package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A team's own app as docs/own-app.md brings it: a suite file in a folder of its own, a jar the lab
 * knows nothing of (example-app: its own endpoints and its own table, made at its start in the lab's
 * PostgreSQL), its requests as a two-request mix, platform against virtual threads.
 */
@Execution(ExecutionMode.CONCURRENT)
class OwnAppRunTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aJarTheLabDidNotBuildRunsItsOwnMixOnBothThreadModelsWithFiguresPerRequest() throws Exception {
        Path jar = ChildLab.HOME.resolve("example-app/target/example-app.jar");
        assertThat(jar).as("example-app is built before lab-cli in the reactor").exists();
        // --no-cds: no other test starts this jar, so an archive made for its two starts would cost more (~10 s) than it saves
        try (ChildLab lab = ChildLab.start(tmp, """
                name: bookshelf
                variants:
                  - {name: platform, jar: %1$s, services: [postgresql]}
                  - {name: virtual, jar: %1$s, services: [postgresql], properties: {spring.threads.virtual.enabled: "true"}}
                trials: {quick: 1}
                warmup: 3s
                thresholds: ["error-rate{request:search} < 1%%", "max{request:add} < 0.001ms"]
                workloads:
                  shelf:
                    services: []
                    params: {author: Austen}
                    mix:
                      - {name: search, weight: 3, request: {path: "/books?author=${author}"}, checks: {status: 200, body-contains: "Books by Austen"}}
                      - {name: add, weight: 1, checks: {status: 201},
                         request: {method: POST, path: /books, body: "title=Sanditon&author=${author}", content-type: application/x-www-form-urlencoded}}
                benchmarks:
                  - {workload: shelf, load: {model: open-rate, rate: 200, duration: 4s}}
                """.formatted(jar), "run", List.of(), List.of("--no-cds"))) {
            lab.awaitExit();
            assertThat(lab.trials()).hasSize(2);
            for (Path file : lab.trials()) {
                JsonNode trial = ResultStore.JSON.readTree(file.toFile());
                String variant = trial.path("variant").asText();
                assertThat(trial.path("status").asText()).as("%s; output: %s", variant, lab.log()).isEqualTo("ok");
                JsonNode search = trial.path("requests").path(0);
                JsonNode add = trial.path("requests").path(1);
                assertThat(search.path("name").asText()).isEqualTo("search");
                assertThat(add.path("name").asText()).isEqualTo("add");
                assertThat(search.path("sharePercent").asDouble()).as(variant).isCloseTo(75, offset(1.0));
                // Every add went into the app's own table (201 only once the row is in) and every search read it back.
                assertThat(add.path("count").asLong()).as(variant).isEqualTo(add.path("sent").asLong()).isPositive();
                assertThat(search.path("count").asLong()).as(variant).isEqualTo(search.path("sent").asLong()).isPositive();
                assertThat(add.path("latency").path("p50Ms").asDouble()).as(variant).isPositive();
                assertThat(trial.path("thresholds").path(0).path("passed").asBoolean()).as(variant).isTrue();
                assertThat(trial.path("thresholds").path(1).path("passed").asBoolean()).as("%s: no insert takes under a microsecond", variant).isFalse();
            }
            assertThat(lab.process.exitValue()).as("a crossed threshold on one request; output: %s", lab.log()).isEqualTo(3);
            JsonNode services = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile()).path("services");
            assertThat(services.path("postgresql").asText()).as("started for the variants that asked, each named once")
                    .endsWith("wanted by variant platform; wanted by variant virtual");
            assertThat(Files.readString(lab.out.resolve("report.md"))).contains("Requests of the mix").contains("| virtual | search |");
        }
    }
}
