package dev.concurrencylab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The experiment suites plan at full scale into the trials (and a paired benchmark's slices) docs/experiments.md lists. */
class FullScalePlansTest {

    private static final SuiteLoader LOADER = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize()));

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            e0-posts      | 3 | 5 | 4 | 5
            e1-hello      | 4 | 1 | 0 | 3
            e2-async      | 3 | 22 | 0 | 5
            e3-post-kafka | 3 | 7 | 4 | 5
            e4-cpu-io     | 6 | 2 | 0 | 3
            """)
    void everyExperimentPlansAtFullScale(String name, int variants, int benchmarks, int paired, int trials) {
        Suite suite = LOADER.load(name);

        Plan plan = Planner.plan(suite, Scale.FULL, TrialCount.SUITE, suite.variants());

        assertThat(suite.variants()).hasSize(variants);
        assertThat(suite.benchmarks()).hasSize(benchmarks);
        assertThat(plan.trialsPerVariant()).isEqualTo(trials);
        assertThat(plan.paired()).hasSize(paired);
        assertThat(plan.trials()).hasSize(variants * (benchmarks - paired) * trials);
        assertThat(plan.sliceCount()).as("a block per trial, every server a slice per cycle of each paired benchmark")
                .isEqualTo(trials * (variants + 1) * paired * (paired == 0 ? 0 : plan.pairing().cycles()));
    }
}
