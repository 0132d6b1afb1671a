package dev.concurrencylab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results directory read back by its files alone, including ones an earlier lab wrote, and broken ones. */
class RunResultsTest {

    @TempDir
    Path tmp;

    @Test
    void aRecordIsReadAsItWasWrittenWithoutClassingItsWindow() throws IOException {
        Path dir = SchemaOneRun.write(tmp, """
                {"number": 1, "variant": "mvc-platform", "benchmark": "posts", "workload": "posts-read", "repetition": 1,
                 "loadModel": "max-rate", "load": {"model": "max-rate", "workers": 8, "duration": "12s"},
                 "status": "ok", "windowSeconds": 12.0, "sent": 10000, "count": 10000, "throughput": 833.3,
                 "errors": {"timeout": 0}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9},
                 "flags": ["not-steady"], "series": [{"second": 0, "sent": 1000, "answered": 1000, "errors": 0,
                 "p50Ms": 5, "p99Ms": 9, "maxMs": 10}], "resources": []}
                """);

        TrialResult trial = RunResults.read(dir).trials().getFirst();

        assertThat(trial.window().windowShape()).isNull();
        assertThat(trial.outcome().reasons()).doesNotContainKey("window-shifted");
    }

    @Test
    void aFileTheRecordsCannotReadIsOneLineNamingTheFileAndTheField() throws IOException {
        Path dir = SchemaOneRun.write(tmp, """
                {"number": 1, "variant": "v", "benchmark": "b", "status": "maybe"}
                """);

        assertThatThrownBy(() -> RunResults.read(dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("001-v-b.json at status: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
