package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BestStrategySectionTest {

    @TempDir
    Path tmp;

    @Test
    void theBestStrategyOfACaseComesWithItsIntervalAgainstTheRunnerUpAndLosersOfWorkAreLeftOut() throws IOException {
        Path run = caseFour();

        Report.render(run);
        String md = Files.readString(run.resolve("report.md"));

        assertThat(md).contains("## best strategy per case");
        assertThat(md).containsPattern("\\| case4 \\| mvc-platform \\| kafka, ahead of redis \\(1\\.\\d\\d×, 95 % CI 1\\.\\d\\d×–1\\.\\d\\d×\\) \\| kafka, ahead of redis");
        assertThat(md).contains("| async-pool |");
    }

    /** E2's case 4 on one variant: Kafka ahead of Redis, the bounded pool faster but with its work not done. */
    private Path caseFour() throws IOException {
        List<String> trials = new ArrayList<>();
        for (String[] t : new String[][] {{"kafka-case4", "2600", "3", ""}, {"kafka-case4", "2700", "3", ""},
                {"redis-case4", "1800", "5", ""}, {"redis-case4", "1900", "5", ""},
                {"async-pool-case4", "5000", "1", "\"work-not-completed\""}, {"async-pool-case4", "5100", "1", "\"work-not-completed\""}}) {
            trials.add("""
                    {"number": %d, "variant": "mvc-platform", "benchmark": "%s", "workload": "async-handoff", "repetition": 1,
                     "status": "ok", "windowSeconds": 1.0, "sent": 1000, "count": 1000, "throughput": %s,
                     "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 1, "meanMs": %s, "p99Ms": 9}, "flags": [%s], "series": [], "resources": []}
                    """.formatted(trials.size() + 1, t[0], t[1], t[2], t[3]));
        }
        return ResultsDirectory.write(tmp, "e2-async", List.of("mvc-platform"), trials.toArray(String[]::new));
    }
}
