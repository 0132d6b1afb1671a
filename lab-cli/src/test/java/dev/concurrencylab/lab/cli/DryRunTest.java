package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dry run prints the plan and what it should take, and starts nothing. */
class DryRunTest {

    @TempDir
    Path tmp;

    @Test
    void aDryRunPrintsTheRoundsWarmUpsWindowsAndDurationAndWritesNoResults() throws Exception {
        try (ChildLab lab = ChildLab.start(tmp, """
                name: dry
                variants: [mvc-platform, webflux]
                trials: {quick: 1, standard: 5}
                warmup: {quick: {min: 5s, max: 20s}, standard: {min: 30s, max: 2m}}
                benchmarks:
                  - workload: hello
                    load: {quick: {model: open-rate, rate: 100, duration: 5s}, standard: {model: open-rate, rate: 100, duration: 1m}}
                """, "run", List.of(), List.of("--scale", "standard", "--dry-run"))) {
            lab.awaitExit();

            assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isZero();
            assertThat(lab.log()).contains("dry run of suite dry at scale standard: nothing is started")
                    .contains("until steady, 0:30–2:00")
                    .contains("trials: 4–10 in rounds")
                    // 4 trials of 30 s + 60 s at the least, 10 of 2 min + 60 s at the most.
                    .contains("warm-ups and windows: 6:00 – 30:00")
                    .doesNotContain("starting");
            assertThat(Files.exists(lab.out)).as("a results directory").isFalse();
        }
    }
}
