package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * One real run with JFR on: WebFlux on R2DBC against WebFlux running blocking JDBC on its event
 * loop (E3/E4's anti-pattern). The recordings must show the blocking on the loop, and only there.
 */
@Execution(ExecutionMode.CONCURRENT)
class JfrRunTest {

    @TempDir
    static Path tmp;
    private static ChildLab lab;

    @BeforeAll
    static void run() throws Exception {
        // --no-cds: no other test starts sut-webflux, so the archive its two starts would share costs more than it saves
        lab = ChildLab.start(tmp, """
                name: jfr-loop
                variants: [webflux, webflux-jdbc-on-loop]
                trials: 1
                warmup: 3s
                benchmarks:
                  - workload: posts-read
                    jfr: true
                    load: {model: open-rate, rate: 200, duration: 5s}
                """, "run", List.of(), List.of("--no-cds"));
        lab.awaitExit();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void eachTrialKeepsItsRecordingAndItsSummary() throws Exception {
        assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isZero();
        for (Path file : lab.trials()) {
            JsonNode t = ResultStore.JSON.readTree(file.toFile());
            assertThat(lab.out.resolve("trials").resolve(t.path("profile").path("jfrFile").asText())).isRegularFile();
            assertThat(t.path("profile").path("samples").asLong()).as("%s", t.path("profile")).isPositive();
            assertThat(t.path("cost").path("cpuMsPer1k").asDouble()).isPositive();
        }
    }

    @Test
    void blockingJdbcOnTheEventLoopShowsAndNonBlockingR2dbcDoesNot() throws Exception {
        JsonNode r2dbc = profile("webflux");
        JsonNode onLoop = profile("webflux-jdbc-on-loop");

        assertThat(onLoop.path("eventLoopBlockingSamples").asLong()).as("%s", onLoop).isPositive();
        assertThat(r2dbc.path("eventLoopBlockingSamples").asLong()).as("%s", r2dbc).isZero();
        assertThat(Files.readString(lab.out.resolve("report.md"))).contains("**Why**", "event-loop threads in blocking code");
    }

    private static JsonNode profile(String variant) throws Exception {
        for (Path file : lab.trials()) {
            JsonNode t = ResultStore.JSON.readTree(file.toFile());
            if (t.path("variant").asText().equals(variant)) {
                return t.path("profile");
            }
        }
        throw new AssertionError("no trial of " + variant + "; output: " + lab.log());
    }
}
