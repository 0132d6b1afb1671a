package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.suite.Published;
import dev.concurrencylab.lab.verdict.Figure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproductionSectionTest {

    private static final Path PUBLISHED = Path.of("..").toAbsolutePath().normalize().resolve("suites").resolve(Published.FOLDER);

    @TempDir
    Path tmp;

    @Test
    void everyPublishedFigureIsOneTheReportKnows() throws IOException {
        try (Stream<Path> files = Files.list(PUBLISHED)) {
            for (Path file : files.toList()) {
                Published p = Published.read(file);
                p.figures().forEach(v -> assertThat(Figure.byKey(v.figure())).as(file.getFileName() + ": " + v.figure()).isNotNull());
            }
        }
    }

    @Test
    void aRunWithPublishedFiguresReportsEachClaimWithItsVerdictAndKeepsTheirFiguresApart() throws IOException {
        // webflux at about 1.4× mvc-platform's throughput in both trials: E0's claim holds.
        Path dir = run(trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400), trial(3, "mvc-platform", 1010), trial(4, "webflux", 1390));

        Report.render(dir);
        String md = Files.readString(dir.resolve("report.md"));

        assertThat(md).contains("## Reproduction of E0", "| throughput | webflux on posts over mvc-platform on posts | 1.40× (6,099 / 4,370) |");
        assertThat(md).containsPattern("\\| 1\\.\\d\\d× \\(1\\.\\d\\d×–1\\.\\d\\d×\\) \\| reproduced \\|");
        assertThat(md).contains("As published (their hardware and tools; context only, not compared)");
        // p95 was not measured in these trials: said, not guessed.
        assertThat(md).contains("no verdict: not measured on both sides in this run");
    }

    @Test
    void aSideWithMoreErrorsThanTheSuiteAllowsGetsNoVerdict() throws IOException {
        Path dir = run(trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400), trial(3, "mvc-platform", 1010),
                trial(4, "webflux", 1390).replace("\"errors\": {}", "\"errors\": {\"reset\": 500}"));

        Report.render(dir);

        assertThat(Files.readString(dir.resolve("report.md"))).contains("no verdict: 1.79 % of requests failed, above the suite's 1 %");
    }

    @Test
    void oneTrialGivesARatioButNoVerdict() throws IOException {
        Path dir = run(trial(1, "mvc-platform", 1000), trial(2, "webflux", 2000));

        Report.render(dir);

        assertThat(Files.readString(dir.resolve("report.md"))).contains("2.00× (no interval)",
                "no verdict: an interval needs at least 2 trials of each");
    }

    private Path run(String... trials) throws IOException {
        Path dir = ResultsDirectory.write(tmp, "e0-posts", List.of("mvc-platform", "webflux"), trials);
        Files.copy(PUBLISHED.resolve("e0-posts.yaml"), dir.resolve(RunResults.PUBLISHED_FILE));
        return dir;
    }

    private static String trial(int number, String variant, double throughput) {
        return """
                {"number": %d, "variant": "%s", "benchmark": "posts", "workload": "posts-read", "repetition": 1,
                 "status": "ok", "windowSeconds": 10.0, "sent": %d, "count": %d, "throughput": %s,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9, "meanMs": 6}, "flags": [], "series": [], "resources": []}
                """.formatted(number, variant, (long) (throughput * 10), (long) (throughput * 10), throughput);
    }
}
