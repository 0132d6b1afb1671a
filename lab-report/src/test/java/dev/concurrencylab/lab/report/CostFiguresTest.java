package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each answer cost, as reports print it from a results directory: a figure the window
 * cannot tell from a zero is unknown, never 0, in files written before the lab knew it too.
 */
class CostFiguresTest {

    /** The heading row of the cost table, then the line under a variant in it. */
    private static final String COST_TABLE = "| variant | server CPU per 1,000 answers (ms) | allocated per 1,000 answers (MB) | "
            + "GC pause per 1,000 answers (ms) | context switches per answer |";

    @TempDir
    Path tmp;

    @Test
    void allocationOfZeroOverAWindowWithoutAGcPrintsAsUnknownInTheReport() throws IOException {
        // Every scrape answered, no GC in the window: Micrometer's count did not move, whatever was allocated.
        Path dir = run(trial(1, "mvc-platform", "0", "0", 0.0, 0.0, 3.9), trial(2, "mvc-platform", "0", "0", 0.0, 0.0, 4.1));

        String md = report(dir);

        assertThat(md).contains(COST_TABLE).contains("| mvc-platform | 300 | – | 0 | 4 (3.90–4.10) |")
                .contains("mvc-platform — 300 CPU-ms per 1,000 answers; allocation per 1,000 answers unknown; 4 context switches per answer")
                .doesNotContain("0 MB allocated");
    }

    @Test
    void aWindowWithAnUnansweredScrapeHasNoAllocationOrGcPauseFigureThoughItsRecordHoldsOne() throws IOException {
        // The second second's scrape went unanswered: its interval's change, a GC among it, is missing from the sums.
        Path dir = run(trial(1, "mvc-platform", "40", "2", 20.0, 1.0, 4.0), trial(2, "mvc-platform", "", "", 5.0, 0.0, 4.0));

        String md = report(dir);

        assertThat(md).contains("| mvc-platform | 300 | 20 | 1 | 4 |")
                .contains("mvc-platform — 300 CPU-ms per 1,000 answers; 20 MB allocated per 1,000 answers (1 of 2 trials); "
                        + "4 context switches per answer");
    }

    @Test
    void zeroContextSwitchesRecordedWhenTheLiveThreadSumFellPrintAsUnknown() throws IOException {
        // Written before 74ed642: the sum over live threads went down in the window and the difference was clamped to 0.
        Path dir = run(trial(1, "mvc-virtual", "40", "2", 20.0, 1.0, 0.0), trial(2, "mvc-virtual", "40", "2", 20.0, 1.0, 0.0));

        String md = report(dir);

        assertThat(md).contains("| mvc-virtual | 300 | 20 | 1 | – |")
                .contains("mvc-virtual — 300 CPU-ms per 1,000 answers; 20 MB allocated per 1,000 answers; context switches per answer unknown")
                .doesNotContain("0 context switches");
    }

    @Test
    void aGcPauseOfZeroOverAFullyScrapedWindowIsMeasuredAndPrinted() throws IOException {
        Path dir = run(trial(1, "mvc-platform", "40", "0", 20.0, 0.0, 4.0), trial(2, "mvc-platform", "40", "0", 20.0, 0.0, 4.0));

        assertThat(report(dir)).contains("| mvc-platform | 300 | 20 | 0 | 4 |");
    }

    private String report(Path dir) throws IOException {
        Report.render(dir);
        return Files.readString(dir.resolve("report.md"));
    }

    private Path run(String... trials) throws IOException {
        return ResultsDirectory.write(tmp, "costs", List.of(trials[0].contains("mvc-virtual") ? "mvc-virtual" : "mvc-platform"), trials);
    }

    /**
     * A trial of 2,000 answers over two one-second samples at 60 % of a core: {@code allocated} and {@code paused} are
     * the second sample's counter changes (the first's are 0), or empty where its scrape went unanswered; the cost
     * figures are as the file records them.
     */
    private static String trial(int number, String variant, String allocated, String paused, double allocatedMbPer1k, double gcPauseMsPer1k,
            double switchesPerAnswer) {
        List<String> samples = new ArrayList<>();
        samples.add(sample(1, "0", "0"));
        samples.add(sample(2, allocated, paused));
        return """
                {"number": %d, "variant": "%s", "benchmark": "posts", "workload": "posts-read", "repetition": %d,
                 "status": "ok", "windowSeconds": 2.0, "sent": 2000, "count": 2000, "throughput": 1000,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9, "meanMs": 6}, "flags": [], "series": [],
                 "resources": [%s],
                 "cost": {"cpuMsPer1k": 300.0, "allocatedMbPer1k": %s, "gcPauseMsPer1k": %s, "contextSwitchesPerAnswer": %s,
                          "serviceCpuMsPer1k": {}}}
                """.formatted(number, variant, number, String.join(", ", samples), allocatedMbPer1k, gcPauseMsPer1k, switchesPerAnswer);
    }

    private static String sample(int t, String allocated, String paused) {
        String jvm = allocated.isEmpty() ? "" : ", \"jvm.heap.used.mb\": 300.0, \"jvm.allocated.mb\": %s, \"jvm.gc.pause.ms\": %s"
                .formatted(allocated, paused);
        return """
                {"t": %d.0, "seconds": 1.0, "values": {"sut.cpu.percent": 60.0%s}}""".formatted(t, jvm);
    }
}
