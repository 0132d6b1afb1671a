package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.load.hyperfoil.TestServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A capacity search whose every step breaks its server. What is asserted is which launch each step ran on, not what
 * it measured, so it runs beside other test classes (KnownCapacityTest's search, which measures, runs alone).
 */
@Execution(ExecutionMode.CONCURRENT)
class BrokenStepTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aStepThatBreaksItsServerHandsTheNextStepAFreshLaunch() throws Exception {
        // Every connection is reset: each step breaks its server, so its repeat runs on another launch.
        try (TestServer server = new TestServer();
                ChildLab lab = ChildLab.start(tmp, """
                        name: breaking
                        variants:
                          - {name: resetting, url: "%s"}
                        warmup: 1s
                        capacity:
                          start-rate: 20
                          max-steps: 4
                        benchmarks:
                          - workload: hello
                            load: {model: open-rate, rate: 20, duration: 2s}
                        """.formatted(server.resettingUri()), "capacity")) {
            lab.awaitExit();

            JsonNode steps = ResultStore.JSON.readTree(lab.out.resolve("capacity.json").toFile()).path("variants").path("resetting")
                    .path("steps");
            assertThat(steps.size()).as("steps: %s", steps).isGreaterThanOrEqualTo(2);
            assertThat(steps.get(0).path("measured").path("launch").asInt()).isEqualTo(1);
            assertThat(steps.get(1).path("measured").path("launch").asInt()).isEqualTo(2);
            assertThat(lab.log()).contains("a fresh server for step 2 (the last step broke its server)");
        }
    }
}
