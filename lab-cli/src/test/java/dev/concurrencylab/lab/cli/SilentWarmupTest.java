package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.load.hyperfoil.TestServer;
import dev.concurrencylab.lab.monitor.ServerProcess;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server that answers nothing ends its warm-up long before the maximum, and its trial says why it is not steady. */
class SilentWarmupTest {

    @TempDir
    Path tmp;

    @Test
    void aWarmUpWhoseServerAnswersNothingEndsAfterTenSilentSecondsAndTheTrialSaysSo() throws Exception {
        // /stall answers after 5 s, past the 2 s timeout: every request times out, as on a server that stopped answering.
        try (ServerProcess server = ServerProcess.start(TestServer.class);
             ChildLab lab = ChildLab.run(tmp, """
                     name: silent-warmup
                     variants:
                       - {name: test-server, url: "%s"}
                     warmup: {min: 2s, max: 60s}
                     benchmarks:
                       - {name: stalled, workload: stall, timeout: 2s, load: {model: max-rate, workers: 4, duration: 2s}}
                     workloads:
                       stall:
                         description: answers after 5 s
                         request: {method: GET, path: "/stall"}
                     """.formatted(server.uri()))) {
            lab.awaitExit();
            JsonNode trial = ResultStore.JSON.readTree(lab.trials().getFirst().toFile());

            assertThat(trial.path("warmupSeconds").asDouble()).as("%s", trial).isBetween(9.0, 20.0);
            assertThat(trial.path("steady").asBoolean(true)).isFalse();
            assertThat(trial.path("reasons").path("not-steady").asText())
                    .startsWith("the server answered nothing in the warm-up's last 10 s, so it ended at ")
                    .endsWith("of its 60 s maximum");
            assertThat(trial.path("answered").asLong()).isZero();
        }
    }
}
