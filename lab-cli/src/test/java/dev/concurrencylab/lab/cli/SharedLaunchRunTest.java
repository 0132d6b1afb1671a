package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A suite with {@code launch: per-round} runs each variant's round of benchmarks on one server, as a user runs it. */
@Execution(ExecutionMode.CONCURRENT)
class SharedLaunchRunTest {

    private static final String SUITE = """
            name: shared
            variants: [mvc-platform]
            trials: {quick: 2}
            warmup: 1s
            launch: per-round
            benchmarks:
              # windows of 2 s (3 before): what is asserted is which server each trial ran on, not what it measured
              - {name: few, workload: hello, load: {model: open-rate, rate: 50, duration: 2s}}
              - {name: many, workload: hello, load: {model: open-rate, rate: 200, duration: 2s}}
            """;

    @TempDir
    Path tmp;

    @Test
    void aRoundRunsOnOneServerInTurnedOrderAndOnlyItsFirstTrialHasTheStartUp() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, SUITE)) {
            Path services = lab.servicesFolder();
            lab.awaitExit();
            assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isZero();
            assertThat(services).as("the services' data and logs go with the run (PostgreSQL's alone is some 40 MB)").doesNotExist();
            List<JsonNode> trials = lab.records();

            assertThat(trials).extracting(t -> t.path("benchmark").asText()).as("the second round starts where the first ended")
                    .containsExactly("few", "many", "many", "few");
            assertThat(trials).extracting(t -> t.path("launch").asInt(0)).as("the trial whose server it ran on, when not its own")
                    .containsExactly(0, 1, 0, 3);
            assertThat(trials).extracting(t -> t.path("startupMs").isNumber()).containsExactly(true, false, true, false);
            assertThat(lab.logs("launch-")).containsExactly("launch-01-mvc-platform.log", "launch-03-mvc-platform.log");
            assertThat(lab.log()).contains("on 2 servers (one per variant and round")
                    .contains("starting mvc-platform for trial 3/4 and the round's next benchmarks");
            assertThat(lab.out.resolve("report.md")).content().as("each benchmark ran once first and once after the other")
                    .contains("Launches were shared: 2 of the 4 trials")
                    // two servers' four trials fit their two levels, the second benchmark's and the step exactly: no interval
                    .contains("Too few servers ran trials both first and after another benchmark");
        }
    }

    @Test
    void aTrialAfterOneWhoseServerDiedGetsAFreshServer() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, SUITE)) {
            lab.killDuringFirstTrial(4, p -> p.info().commandLine().orElse("").contains("sut-mvc.jar"));
            lab.awaitExit();
            List<JsonNode> trials = lab.records();

            assertThat(trials).extracting(t -> t.path("status").asText()).containsExactly("failed", "ok", "ok", "ok");
            assertThat(trials.get(1).path("launch").isMissingNode()).as("trial 2 on a server of its own").isTrue();
            assertThat(trials.get(1).path("startupMs").isNumber()).isTrue();
            assertThat(lab.logs("launch-")).containsExactly("launch-01-mvc-platform.log", "launch-02-mvc-platform.log",
                    "launch-03-mvc-platform.log");
        }
    }
}
