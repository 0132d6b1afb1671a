package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab compare} on two results directories as the runner writes them. */
class ComparisonTest {

    @TempDir
    Path tmp;

    @Test
    void aChangeBeyondBothRunsSpreadIsSaidAgainstRunA() throws IOException {
        Path a = run("a", "hello", 1000, 1100);
        Path b = run("b", "hello", 2000, 2100);

        String md = Comparison.markdown(WindowShapes.classed(RunResults.read(a)), WindowShapes.classed(RunResults.read(b)));

        assertThat(md).contains("| mvc-platform | throughput (req/s) | 1,050 (1,000–1,100) | 2,050 (2,000–2,100) | "
                + "2.0× higher throughput than A (ratio 1.95, 95 % CI ");
    }

    @Test
    void runsWithNothingInCommonAreRefused() throws IOException {
        Path a = run("a", "hello", 1000, 1100);
        Path b = run("b", "posts", 1000, 1100);

        assertThatThrownBy(() -> Comparison.markdown(WindowShapes.classed(RunResults.read(a)), WindowShapes.classed(RunResults.read(b))))
                .hasMessageContaining("share no benchmark");
    }

    @Test
    void aMixsOrSequencesRequestsAreEachSideBySide() throws IOException {
        String steps = """
                , "requests": [{"name": "list", "weight": 1, "sent": 500, "throughput": %s, "errorRate": 0.0, "latency": {"p50Ms": 2.0, "p99Ms": 9.0}},
                               {"name": "edit", "weight": 1, "sent": 500, "throughput": 480, "errorRate": 0.02}]""";
        Path a = run("a", "visit", steps.formatted(500), 1000, 1100);
        Path b = run("b", "visit", steps.formatted(1000), 2000, 2100);

        String md = Comparison.markdown(WindowShapes.classed(RunResults.read(a)), WindowShapes.classed(RunResults.read(b)));

        assertThat(md).contains("| mvc-platform | `list` throughput (req/s) | 500 | 1,000 | – |",
                "| mvc-platform | `list` p99 (ms) | 9 | 9 | – |", "| mvc-platform | `edit` error rate (%) | 2 | 2 | – |",
                "| mvc-platform | `edit` p50 (ms) | – | – | – |");
    }

    private Path run(String name, String benchmark, double... throughputs) throws IOException {
        return run(name, benchmark, "", throughputs);
    }

    /** {@code extra} is written into each trial's JSON after its errors. */
    private Path run(String name, String benchmark, String extra, double... throughputs) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("trials"));
        Files.writeString(dir.resolveSibling("run.json"), """
                {"suite": "quick", "scale": "quick", "trialsPerVariant": %d, "status": "complete",
                 "jvmFlags": {"mvc-platform": []}, "trialsPlanned": %d}
                """.formatted(throughputs.length, throughputs.length));
        for (int i = 0; i < throughputs.length; i++) {
            Files.writeString(dir.resolve("%03d-mvc-platform-%s.json".formatted(i + 1, benchmark)), """
                    {"number": %d, "variant": "mvc-platform", "benchmark": "%s", "status": "ok", "throughput": %s,
                     "flags": [], "errors": {}%s}
                    """.formatted(i + 1, benchmark, throughputs[i], extra));
        }
        return dir.getParent();
    }
}
