package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.monitor.HelloServer;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.usage.ResourceSample;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A server the user runs on this machine, given by URL, is watched as the server: its CPU, memory and threads; it needs no service of the lab's. */
@Execution(ExecutionMode.CONCURRENT)
class RunAgainstAUrlServerTest {

    @TempDir
    Path tmp;

    @Test
    void aLoopbackUrlServerIsFoundByItsPortAndWatchedAsTheServerAndTheLabStartsNoServiceForIt() throws Exception {
        HelloServer server = HelloServer.start();
        int port = server.port();
        try (ChildLab lab = ChildLab.run(tmp, """
                name: url-server
                variants:
                  - {name: users-own, url: "http://127.0.0.1:%d"}
                warmup: 2s
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 200, duration: 4s}
                """.formatted(port))) {
            JsonNode trial = lab.firstTrialOk();
            JsonNode figures = trial.path("resourceSummary").path("figures");
            assertThat(figures.has(ResourceSample.SUT_CPU)).as("figures: %s", figures).isTrue();
            assertThat(figures.path(ResourceSample.SUT_THREADS).path("avg").asDouble()).isPositive();
            assertThat(figures.path(ResourceSample.SUT_RSS).path("avg").asDouble()).isPositive();
            // The hello workload names PostgreSQL for the apps the lab starts; a server given by URL brings its own.
            JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
            assertThat(run.path("services").size()).as("run.json services: %s", run.path("services")).isZero();
            assertThat(lab.log()).contains("starting no backing service").doesNotContain("starting postgresql");
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
