package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.WarmUp;
import dev.concurrencylab.lab.result.WindowCounts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a dry run reads what a trial costs besides its warm-up and window. */
class PastRunsTest {

    @TempDir
    Path results;

    @Test
    void theSuitesOwnRunCountsFirstWhateverItsDirectoryIsNamed() throws IOException {
        // 100 s for two trials of 20 s warm-up and 1 s window each, each started in 3 s: 26 s a trial besides them
        run("e0-posts-standard", "e0-posts", "2026-11-25T10:00:00Z", 100);
        // newer, of another suite: 48 s, nothing besides warm-ups, windows and start-ups
        run("20261125-120000-quick", "quick", "2026-11-25T12:00:00Z", 48);

        PastRuns.Overhead e0 = PastRuns.overhead(results, "e0-posts").orElseThrow();
        PastRuns.Overhead e1 = PastRuns.overhead(results, "e1-hello").orElseThrow();

        assertThat(e0.perLaunch()).isEqualTo(Duration.ofSeconds(3));
        assertThat(e0.perTrial()).isEqualTo(Duration.ofSeconds(26));
        assertThat(e0.from().getFileName()).hasToString("e0-posts-standard");
        assertThat(e1.from().getFileName()).as("with no run of its own, the newest of any suite").hasToString("20261125-120000-quick");
        assertThat(e1.perTrial()).isZero();
    }

    @Test
    void countedWindowsAreAsLongAsTheSameSuiteAtTheSameScaleTookHereShortestToLongest() throws IOException {
        run("e4-standard", "e4-cpu-io", "standard", "2026-11-25T10:00:00Z", 200, 30, 50);
        // newer, but at another scale: its windows say nothing about standard's
        run("e4-quick", "e4-cpu-io", "quick", "2026-11-25T12:00:00Z", 60, 3, 4);

        PastRuns.Windows standard = PastRuns.windows(results, "e4-cpu-io", "standard").orElseThrow();

        assertThat(standard.from().getFileName()).hasToString("e4-standard");
        assertThat(standard.bySlot()).containsOnlyKeys(new Estimate.Slot("mvc-platform", "hello"));
        assertThat(standard.bySlot().get(new Estimate.Slot("mvc-platform", "hello"))).isEqualTo(new Estimate.Span(Duration.ofSeconds(30), Duration.ofSeconds(50)));
        assertThat(PastRuns.windows(results, "e4-cpu-io", "full")).as("no run at full here").isEmpty();
    }

    /** A complete run of {@code suite} started then and taking {@code wallSeconds}, with two trials of a 20 s warm-up and a 1 s window. */
    private void run(String name, String suite, String started, long wallSeconds) throws IOException {
        run(name, suite, "quick", started, wallSeconds, 1, 1);
    }

    /** As {@link #run(String, String, String, long)}, at {@code scale}, the two trials' windows as long as given. */
    private void run(String name, String suite, String scale, String started, long wallSeconds, double... windowSeconds) throws IOException {
        Path dir = Files.createDirectories(results.resolve(name).resolve("trials"));
        try (InputStream in = getClass().getResourceAsStream("/result/run-written-before-the-parts.json")) {
            ObjectNode run = (ObjectNode) ResultStore.JSON.readTree(in);
            run.put("suite", suite).put("scale", scale).put("status", "complete").put("started", started)
                    .put("finished", java.time.Instant.parse(started).plusSeconds(wallSeconds).toString());
            ResultStore.JSON.writeValue(results.resolve(name).resolve("run.json").toFile(), run);
        }
        for (int n = 1; n <= 2; n++) {
            TrialResult trial = TrialResult.of(new TrialIdentity(n, "mvc-platform", "hello", "hello", n, null, null))
                    .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null))
                    .warmUp(new WarmUp(3_000L, 20, true))
                    .window(new WindowCounts(windowSeconds[n - 1], null, 1000, 1000, 1000, 1000, Map.of(), 0, 0, 0, List.of(), null, null))
                    .build();
            ResultStore.JSON.writeValue(dir.resolve(String.format("%03d-mvc-platform-hello.json", n)).toFile(), trial);
        }
    }
}
