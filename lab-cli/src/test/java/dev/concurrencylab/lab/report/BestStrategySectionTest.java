package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BestStrategySectionTest {

    @TempDir
    Path tmp;

    @Test
    void theBestStrategyOfACaseComesWithItsIntervalAgainstTheRunnerUpAndLosersOfWorkAreLeftOut() throws IOException {
        Path trials = Files.createDirectories(tmp.resolve("run").resolve("trials"));
        Files.writeString(trials.resolveSibling("run.json"), """
                {"schemaVersion": 2, "suite": "e2-async", "scale": "quick", "trialsPerVariant": 2, "status": "complete",
                 "jvmFlags": {"mvc-platform": []}, "trialsPlanned": 6, "trialsWritten": 6}
                """);
        int n = 0;
        for (String[] t : new String[][] {{"kafka-case4", "2600", "3", ""}, {"kafka-case4", "2700", "3", ""},
                {"redis-case4", "1800", "5", ""}, {"redis-case4", "1900", "5", ""},
                {"async-pool-case4", "5000", "1", "\"work-not-completed\""}, {"async-pool-case4", "5100", "1", "\"work-not-completed\""}}) {
            n++;
            Files.writeString(trials.resolve("%03d.json".formatted(n)), """
                    {"number": %d, "variant": "mvc-platform", "benchmark": "%s", "workload": "async-handoff", "repetition": 1,
                     "status": "ok", "windowSeconds": 1.0, "sent": 1000, "count": 1000, "throughput": %s,
                     "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 1, "meanMs": %s, "p99Ms": 9}, "flags": [%s], "series": [], "resources": []}
                    """.formatted(n, t[0], t[1], t[2], t[3]));
        }

        Report.render(tmp.resolve("run"));
        String md = Files.readString(tmp.resolve("run").resolve("report.md"));

        assertThat(md).contains("## best strategy per case");
        assertThat(md).containsPattern("\\| case4 \\| mvc-platform \\| kafka, ahead of redis \\(1\\.\\d\\d×, 95 % CI 1\\.\\d\\d×–1\\.\\d\\d×\\) \\| kafka, ahead of redis");
        assertThat(md).contains("| async-pool |");
    }
}
