package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** E2's hand-offs against doing the work in the request, beside the decision table. */
class HandOffTableTest {

    @TempDir
    Path tmp;

    @Test
    void eachHandOffIsReadAgainstSyncOnItsOwnStackAndWorkLeftUndoneIsSaid() throws IOException {
        Path dir = ResultsDirectory.write(tmp, "e2-async", List.of("mvc-platform", "webflux"),
                trial(1, "mvc-platform", "sync-case1", 20, 55), trial(2, "mvc-platform", "sync-case1", 21, 54),
                trial(3, "mvc-platform", "kafka-case1", 400, 5), trial(4, "mvc-platform", "kafka-case1", 410, 6),
                trial(5, "webflux", "sync-case1", 19, 56), trial(6, "webflux", "sync-case1", 20, 55),
                trial(7, "webflux", "kafka-case1", 300, 8),
                trial(8, "webflux", "kafka-case1", 310, 7).replace("\"flags\": []", "\"flags\": [\"work-not-completed\"]"));
        Files.writeString(dir.resolve("run.json"), Files.readString(dir.resolve("run.json")).replace("\"quick\"", "\"standard\""));

        String md = Findings.render(List.of(dir));

        String table = md.substring(md.indexOf("### Handing work off instead of doing it in the request"), md.indexOf("## The runs"));
        assertThat(table).contains("| case | hand-off | mvc-platform throughput | mvc-platform p99 | webflux throughput | webflux p99 |")
                .containsPattern("\\| case1 \\| kafka \\| \\[✓ 19\\.\\d× \\([^)]*\\)\\]\\(runs/run/report\\.md#kafka-case1\\) \\| \\[✓ 0\\.\\d\\d× ")
                .contains("· work undone in 1 of 2 |");
    }

    private static String trial(int number, String variant, String benchmark, double throughput, double p99Ms) {
        return """
                {"number": %d, "variant": "%s", "benchmark": "%s", "workload": "async-handoff", "repetition": %d,
                 "status": "ok", "windowSeconds": 2.0, "sent": %d, "count": %d, "throughput": %s,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": %s, "p99Ms": %s, "meanMs": %s}, "flags": [], "series": [], "resources": []}
                """.formatted(number, variant, benchmark, (number + 1) % 2 + 1, (long) (throughput * 2), (long) (throughput * 2), throughput,
                p99Ms / 2, p99Ms, p99Ms / 2);
    }
}
