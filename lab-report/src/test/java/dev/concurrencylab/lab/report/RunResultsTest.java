package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.SchemaOneRun;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Results directories as earlier versions of the lab wrote them, rendered and judged as now. */
class RunResultsTest {

    @TempDir
    Path tmp;

    @Test
    void aDirectoryFromBeforeSchemaTwoStillRendersAndSaysWhatItsNumbersCount() throws IOException {
        Path dir = SchemaOneRun.write(tmp, """
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
    void aRecordFromBeforeWindowsWereClassedIsClassedWhenReadAsItWouldBeNow() throws IOException {
        // eight seconds at 1,000 answers, four at 500: a constant load's window that halved, and a ramp's that held one level
        String halved = series(1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 500, 500, 500, 500);
        String level = series(800, 810, 790, 805, 800, 795, 800, 810, 790, 800, 805, 795);
        Path dir = SchemaOneRun.write(tmp, """
                {"number": 1, "variant": "mvc-platform", "benchmark": "posts", "workload": "posts-read", "repetition": 1,
                 "loadModel": "max-rate", "load": {"model": "max-rate", "workers": 8, "duration": "12s"},
                 "status": "ok", "windowSeconds": 12.0, "sent": 10000, "count": 10000, "throughput": 833.3,
                 "errors": {"timeout": 0}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9},
                 "flags": ["not-steady"], "series": %s, "resources": []}
                """.formatted(halved));
        Files.writeString(dir.resolve("trials/002-mvc-platform-ramp.json"), """
                {"number": 2, "variant": "mvc-platform", "benchmark": "ramp", "workload": "posts-read", "repetition": 1,
                 "loadModel": "closed-stages",
                 "load": {"model": "closed-stages", "stages": [{"duration": "2s", "users": 50}, {"duration": "10s", "users": 150}]},
                 "status": "ok", "windowSeconds": 12.0, "sent": 9600, "count": 9600, "throughput": 800.0,
                 "errors": {"timeout": 0}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9},
                 "flags": ["not-steady"], "series": %s, "resources": []}
                """.formatted(level));

        List<dev.concurrencylab.lab.result.TrialResult> trials = WindowShapes.classed(RunResults.read(dir)).trials();

        assertThat(trials.get(0).window().windowShape().shape().key()).isEqualTo("slowdown");
        assertThat(trials.get(0).outcome().reasons().get("window-shifted")).startsWith("slowdown: answers per second went 1,000 (s 0–8) → 500 (s 8–12)")
                .endsWith("(classed when read: the record predates its window's class)");
        assertThat(trials.get(1).window().windowShape().flat()).isTrue();
        assertThat(trials.get(1).unsettledButFlat()).isTrue();
        assertThat(trials.get(1).voidingFlags()).isEmpty();
    }

    private static String series(int... answered) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < answered.length; i++) {
            out.append(i == 0 ? "" : ", ").append(String.format("{\"second\": %d, \"sent\": %d, \"answered\": %d, \"errors\": 0, "
                    + "\"p50Ms\": 5, \"p99Ms\": 9, \"maxMs\": 10}", i, answered[i], answered[i]));
        }
        return out.append("]").toString();
    }
}
