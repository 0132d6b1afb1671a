package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * One real run whose PostgreSQL (started by the lab) is killed in the middle of the first trial:
 * the trial must fail without waiting out its window, naming the service, and the run stop with one line
 * instead of measuring servers without their database.
 */
@Isolated
class RunWithADyingServiceTest {

    @TempDir
    static Path tmp;
    private static ChildLab lab;
    private static double secondsToFailedTrial;

    @BeforeAll
    static void runAndKillPostgres() throws Exception {
        lab = ChildLab.run(tmp, """
                name: dying-service
                variants: [mvc-platform]
                trials: 2
                warmup: 3s
                benchmarks:
                  - workload: posts-read
                    load: {model: open-rate, rate: 50, duration: 6s}
                """);
        secondsToFailedTrial = lab.killDuringFirstTrial(2, p -> p.info().command().orElse("").endsWith("/postgres"));
        lab.awaitExit();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void theTrialFailsWithoutWaitingOutItsWindowAsServiceDiedNamingPostgresqlWithItsLog() throws Exception {
        // killed a second into its 3 s warm-up, the trial had 8 s to go: a bound well short of that and well above what a
        // busy machine adds to noticing the death
        assertThat(secondsToFailedTrial).as("seconds from the kill to the failed trial's record").isLessThan(5.0);
        JsonNode first = ResultStore.JSON.readTree(lab.trials().getFirst().toFile());
        assertThat(first.path("status").asText()).isEqualTo("failed");
        assertThat(first.path("failure").asText()).isEqualTo("service-died: postgresql died during the trial");
        assertThat(first.path("flags").toString()).contains("service-died").doesNotContain("server-died");
        assertThat(first.path("serverLogTail").asText()).isNotBlank();
    }

    @Test
    void theRunStopsWithOneLineAndExitsOne() throws Exception {
        assertThat(lab.trials()).as("no trial after the service died; output: %s", lab.log()).hasSize(1);
        assertThat(lab.log().lines().filter(l -> l.contains("the run stops here")).toList()).hasSize(1)
                .allSatisfy(l -> assertThat(l).startsWith("lab: service-died: postgresql"));
        assertThat(lab.log()).doesNotContain("Exception");
        assertThat(lab.process.exitValue()).isEqualTo(1);
    }
}
