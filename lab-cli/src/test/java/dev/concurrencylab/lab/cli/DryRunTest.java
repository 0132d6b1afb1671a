package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.Planner;
import dev.concurrencylab.lab.plan.TrialCount;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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

    @Test
    void aPairedDryRunNamesTheLaterBenchmarksWarmUpOnlyWhenABlockHasAny() {
        Suite quick = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize())).load("quick");

        assertThat(pairedLine(quick)).contains("per server for a block's first benchmark, ").contains("for its later ones");
        assertThat(pairedLine(quick.withBenchmarks(quick.benchmarks().subList(0, 1)))).doesNotContain("first benchmark")
                .doesNotContain("later ones").contains("per server");
    }

    private static String pairedLine(Suite suite) {
        Plan plan = Planner.plan(suite, Scale.QUICK, TrialCount.SUITE, suite.variants());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DryRun.print(plan, Estimate.of(plan), Optional.empty(), Optional.empty(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("paired (")).findFirst().orElseThrow();
    }
}
