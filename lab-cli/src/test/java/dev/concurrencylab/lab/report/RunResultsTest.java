package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.load.LoadModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results directories as earlier versions of the lab wrote them, and broken ones. */
class RunResultsTest {

    @TempDir
    Path tmp;

    @Test
    void aDirectoryFromBeforeSchemaTwoStillRendersAndSaysWhatItsNumbersCount() throws IOException {
        Path dir = schemaOne("""
                {"number": 1, "variant": "mvc-platform", "benchmark": "posts", "workload": "posts-read", "repetition": 1,
                 "loadModel": "closed-stages",
                 "load": {"model": "closed-stages", "stages": [{"duration": "5s", "users": 50}, {"duration": "5s", "users": 0}]},
                 "status": "ok", "windowSeconds": 10.0, "sent": 1000, "count": 1000, "throughput": 100.0,
                 "errors": {"timeout": 0}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9},
                 "flags": ["generator-limited"], "series": [], "resources": []}
                """);

        RunResults results = RunResults.read(dir);
        Report.render(dir);

        assertThat(results.run().schemaVersion()).isEqualTo(1);
        assertThat(results.trials().getFirst().identity().load()).isEqualTo(new LoadModel.ClosedStages(List.of(
                new LoadModel.Stage(Duration.ofSeconds(5), 50), new LoadModel.Stage(Duration.ofSeconds(5), 0))));
        assertThat(Files.readString(dir.resolve("report.md")))
                .contains("This run predates results schema 2", "| mvc-platform | 1 | 100 |");
    }

    @Test
    void aFileTheRecordsCannotReadIsOneLineNamingTheFileAndTheField() throws IOException {
        Path dir = schemaOne("""
                {"number": 1, "variant": "v", "benchmark": "b", "status": "maybe"}
                """);

        assertThatThrownBy(() -> RunResults.read(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("001-v-b.json at status: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private Path schemaOne(String trial) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run").resolve("trials"));
        Files.writeString(dir.resolveSibling("run.json"), """
                {"suite": "e0-posts", "scale": "quick", "trialsPerVariant": 1, "status": "complete",
                 "jvmFlags": {"mvc-platform": []}, "trialsPlanned": 1, "trialsWritten": 1}
                """);
        Files.writeString(dir.resolve("001-%s.json".formatted(trial.contains("\"v\"") ? "v-b" : "mvc-platform-posts")), trial);
        return dir.getParent();
    }
}
