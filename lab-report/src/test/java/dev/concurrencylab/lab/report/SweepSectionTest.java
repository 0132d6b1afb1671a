package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepSectionTest {

    @TempDir
    Path tmp;

    @Test
    void aSweepIsReadAcrossItsLevelsOneRowPerLevelAndVariantWithCharts() throws IOException {
        Path run = ResultsDirectory.write(tmp, "e0-posts", List.of("webflux"), trial(1, "sweep-50-users", 50, 3000, 20),
                trial(2, "sweep-10-users", 10, 1500, 4));

        Report.render(run);
        String md = Files.readString(run.resolve("report.md"));

        assertThat(md).contains("## sweep by users");
        assertThat(md.indexOf("| 10 | webflux | 1 | 1,500 |")).isPositive().isLessThan(md.indexOf("| 50 | webflux | 1 | 3,000 |"));
        assertThat(md).contains("Throughput against users", "p99 against users");
        assertThat(run.resolve("charts").resolve("sweep-throughput-by-users.png")).isNotEmptyFile();
    }

    private static String trial(int number, String benchmark, int users, double throughput, double p99) {
        return """
                {"number": %d, "variant": "webflux", "benchmark": "%s", "workload": "posts-read", "repetition": 1,
                 "loadModel": "max-rate", "load": {"model": "max-rate", "workers": %d, "duration": "5s"},
                 "status": "ok", "windowSeconds": 5.0, "sent": 100, "count": 100, "throughput": %s,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 1, "p95Ms": 2, "p99Ms": %s}, "flags": [], "series": [], "resources": []}
                """.formatted(number, benchmark, users, throughput, p99);
    }
}
