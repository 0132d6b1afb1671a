package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run's wall time went, from its records alone. */
class TimeSpentTest {

    @TempDir
    Path tmp;

    @Test
    void aBlocksLaunchStartsOnceThoughEachOfItsBenchmarksFirstSlicesCarriesItsStartUp() throws IOException {
        // one block: two launches, two benchmarks; as paired runs wrote it before, each benchmark's first slice repeats the start-up
        Path dir = ResultsDirectory.write(tmp, "t", List.of("a", "b"),
                slice(1, "a", "one", 1, 4000, 40.0), slice(2, "b", "one", 1, 6000, 40.0),
                slice(3, "a", "two", 1, 4000, 10.0), slice(4, "b", "two", 1, 6000, 10.0),
                slice(5, "a", "two", 2, null, 1.0), slice(6, "b", "two", 2, null, 1.0));
        Files.writeString(dir.resolve("run.json"), Files.readString(dir.resolve("run.json"))
                .replace("\"status\": \"complete\",", "\"status\": \"complete\", \"started\": \"2026-12-07T10:00:00Z\", \"finished\": \"2026-12-07T10:02:00Z\","));

        TimeSpent spent = TimeSpent.of(RunResults.read(dir));

        assertThat(spent.startupSeconds()).as("4 s and 6 s, once each").isEqualTo(10.0);
        assertThat(spent.warmupSeconds()).as("the blocks' warm-ups on the first slices, the settles on the rest").isEqualTo(102.0);
    }

    private static String slice(int number, String variant, String benchmark, int cycle, Integer startupMs, double warmupSeconds) {
        return """
                {"number": %d, "variant": "%s", "benchmark": "%s", "workload": "hello", "repetition": 1,
                 "slice": {"block": 1, "cycle": %d, "position": 1, "copy": 1},%s "warmupSeconds": %s,
                 "status": "ok", "windowSeconds": 4.0, "sent": 400, "count": 400, "throughput": 100,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9, "meanMs": 6}, "flags": [], "series": [], "resources": []}
                """.formatted(number, variant, benchmark, cycle, startupMs == null ? "" : " \"startupMs\": " + startupMs + ",", warmupSeconds);
    }
}
