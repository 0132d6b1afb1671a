package dev.concurrencylab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.suite.Design;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Launch;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import dev.concurrencylab.lab.verdict.Sequential;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The order trials run in: repetitions interleaved over variants, every benchmark in the suite's order. */
class PlannerTest {

    private static final SuiteLoader LOADER = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize()));

    @Test
    void repetitionsInterleaveTheVariantsAndKeepTheSuitesBenchmarkOrder() {
        Suite quick = LOADER.load("quick").withDesign(Design.FRESH);

        Plan plan = Planner.plan(quick, Scale.QUICK, new TrialCount(2, false), quick.variants());

        assertThat(plan.trials().stream().map(t -> t.repetition() + " " + t.variant().name() + " " + t.benchmark().name()))
                .containsExactly(
                        "1 mvc-platform hello", "1 mvc-platform posts", "1 mvc-virtual hello", "1 mvc-virtual posts",
                        "1 webflux hello", "1 webflux posts",
                        "2 mvc-platform hello", "2 mvc-platform posts", "2 mvc-virtual hello", "2 mvc-virtual posts",
                        "2 webflux hello", "2 webflux posts");
        assertThat(plan.trials().stream().map(PlannedTrial::number).toList()).isEqualTo(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    }

    @Test
    void aSuiteSharingLaunchesTurnsItsBenchmarkOrderEachRoundAndKeepsAVariantsRoundOnOneServer() {
        Suite quick = LOADER.load("quick").withDesign(Design.FRESH);
        Suite shared = new Suite(quick.name(), quick.description(), quick.file(), quick.variants(), quick.benchmarks(), quick.trials(),
                quick.warmup(), Launch.PER_ROUND, quick.capacity(), quick.rules());

        Plan plan = Planner.plan(shared, Scale.QUICK, new TrialCount(3, false), shared.variants().subList(0, 2));

        assertThat(plan.trials().stream().map(t -> t.repetition() + " " + t.variant().name() + " " + t.benchmark().name()))
                .containsExactly(
                        "1 mvc-platform hello", "1 mvc-platform posts", "1 mvc-virtual hello", "1 mvc-virtual posts",
                        "2 mvc-platform posts", "2 mvc-platform hello", "2 mvc-virtual posts", "2 mvc-virtual hello",
                        "3 mvc-platform hello", "3 mvc-platform posts", "3 mvc-virtual hello", "3 mvc-virtual posts");
        assertThat(plan.launches()).as("one per variant and round").isEqualTo(6);
        assertThat(plan.sameServer(plan.trials().get(4), plan.trials().get(5))).isTrue();
        assertThat(plan.sameServer(plan.trials().get(3), plan.trials().get(4))).as("a new round starts a server").isFalse();
        assertThat(Planner.plan(quick, Scale.QUICK, new TrialCount(3, false), quick.variants().subList(0, 2)).launches())
                .as("unshared, one per trial").isEqualTo(12);
    }

    @Test
    void standardScaleRunsInRoundsUnlessACountIsGiven() {
        Suite quick = LOADER.load("quick").withDesign(Design.FRESH);

        assertThat(Planner.plan(quick, Scale.STANDARD, TrialCount.SUITE, quick.variants()).sequential()).isNotNull();
        assertThat(Planner.plan(quick, Scale.STANDARD, TrialCount.parse("3"), quick.variants()).sequential()).isNull();
        assertThat(Planner.plan(quick, Scale.QUICK, TrialCount.SUITE, quick.variants()).sequential()).isNull();
        assertThat(Planner.plan(quick, Scale.FULL, TrialCount.parse("auto"), quick.variants()).sequential()).isNotNull();
    }

    @Test
    void roundsArePlannedUpToFiveForComparisonsWhoseLaunchesSplit() {
        Suite e4 = LOADER.load("e4-cpu-io");
        Plan plan = Planner.plan(e4, Scale.STANDARD, TrialCount.SUITE, e4.variants());

        assertThat(plan.sequential().maxTrials()).isEqualTo(e4.trials().at(Scale.STANDARD)).isEqualTo(3);
        assertThat(plan.trialsPerVariant()).isEqualTo(Sequential.SPLIT_TRIALS);
        assertThat(plan.stopping()).contains("goes on to 5 rounds");
    }

    @Test
    void aSuiteOfPairedBenchmarksOnlyCountsItsBlocksAsItsTrialsPerVariant() {
        Suite steady = LOADER.load("steady-cpu-io");
        Plan plan = Planner.plan(steady, Scale.STANDARD, TrialCount.SUITE, steady.variants());

        assertThat(plan.trials()).isEmpty();
        assertThat(plan.pairing().blocks()).isEqualTo(steady.trials().at(Scale.STANDARD)).isEqualTo(3);
        // the rounds' maximum where launches split (5) is no block count: a report said "up to 5 trial(s)" of a 3-block run
        assertThat(plan.trialsPerVariant()).isEqualTo(3);
    }
}
