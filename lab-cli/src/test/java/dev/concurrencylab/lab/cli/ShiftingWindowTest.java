package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.load.hyperfoil.TestServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** A window whose throughput halves half-way is classed and flagged by its change point; a steady one is not. */
@Isolated
class ShiftingWindowTest {

    @TempDir
    Path tmp;

    @Test
    void aServerWhoseThroughputHalvesInTheWindowIsASlowdownMeasuredOnTheLevelItFellToAndASteadyOneIsFlat() throws Exception {
        try (TestServer server = new TestServer();
                ChildLab lab = ChildLab.run(tmp, """
                        name: shifting-window
                        variants:
                          - {name: test-server, url: "%s"}
                        warmup: 5s
                        benchmarks:
                          - {name: steady, workload: delay, params: {ms: "20"}, load: {model: max-rate, workers: 4, duration: 12s}}
                          - {name: halving, workload: delay, params: {ms: "20&halve-after=11000"}, load: {model: max-rate, workers: 4, duration: 12s}}
                        """.formatted(server.uri()))) {
            assertThat(lab.process.waitFor(3, TimeUnit.MINUTES)).as("its output: %s", lab.log()).isTrue();
            List<JsonNode> trials = new ArrayList<>();
            for (Path f : lab.trials()) {
                trials.add(ResultStore.JSON.readTree(f.toFile()));
            }
            JsonNode steady = trials.stream().filter(t -> t.path("benchmark").asText().equals("steady")).findFirst().orElseThrow();
            JsonNode halving = trials.stream().filter(t -> t.path("benchmark").asText().equals("halving")).findFirst().orElseThrow();

            assertThat(steady.path("windowShape").path("shape").asText()).as("steady: %s", steady.path("series")).isEqualTo("flat");
            assertThat(steady.path("flags").toString()).doesNotContain("window-shifted");
            // The halving starts 11 s after its first request, and the warm-up is a fixed 5 s from that request, so the halving
            // falls 6 s into the 12 s window however busy the machine (a warm-up until steady, longer on a busy one, moved it).
            assertThat(halving.path("windowShape").path("shape").asText()).as("halving: %s", halving.path("series")).isEqualTo("slowdown");
            assertThat(halving.path("flags").toString()).contains("window-shifted");
            assertThat(halving.path("reasons").path("window-shifted").asText()).startsWith("slowdown: answers per second went ");
            // Each answer takes the server's delay and the machine's own time for a request: 20 ms then 40 ms keeps the ratio near a
            // half on a busy machine too (with 2 ms then 4, 8 ms of the machine's made it 0.84).
            JsonNode levels = halving.path("windowShape").path("segments");
            assertThat(levels.get(1).path("mean").asDouble() / levels.get(0).path("mean").asDouble()).isBetween(0.4, 0.7);
            // The level it fell to is measured on its own: its answers took the server's 40 ms, the whole window's a mix of 20 and 40.
            assertThat(steady.path("steadyEndLatency").isMissingNode()).as("a flat window has no steady end of its own").isTrue();
            double endP50 = halving.path("steadyEndLatency").path("p50Ms").asDouble();
            assertThat(endP50).as("halving: %s", halving).isGreaterThan(halving.path("latency").path("p50Ms").asDouble())
                    .isGreaterThan(1.5 * steady.path("latency").path("p50Ms").asDouble());
            assertThat(lab.out.resolve("report.md")).content().contains("Each window, second by second").contains("slowdown");
        }
    }
}
