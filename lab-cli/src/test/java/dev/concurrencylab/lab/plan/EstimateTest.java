package dev.concurrencylab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.suite.Design;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Launch;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a plan will take, from its suite alone. */
class EstimateTest {

    private static final SuiteLoader LOADER = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize()));

    @Test
    void aFixedPlanTakesItsWarmUpBoundsAndWindowsForEveryTrial() {
        Suite quick = LOADER.load("quick").withDesign(Design.FRESH);
        Plan plan = Planner.plan(quick, Scale.QUICK, TrialCount.SUITE, quick.variants());

        Estimate e = Estimate.of(plan);

        PlannedTrial first = plan.trials().getFirst();
        assertThat(e.minTrials()).isEqualTo(plan.trialCount()).isEqualTo(e.maxTrials());
        assertThat(e.most()).isEqualTo(first.warmup().max().plus(first.load().plannedDuration().orElseThrow()).multipliedBy(plan.trialCount()));
        assertThat(e.least()).isEqualTo(first.warmup().min().plus(first.load().plannedDuration().orElseThrow()).multipliedBy(plan.trialCount()));
        assertThat(e.counted()).isZero();
    }

    @Test
    void aPairedBlockWarmsItsFirstBenchmarkByTheSuitesRuleAndItsLaterOnesOnlyUntilSteady() {
        Suite quick = LOADER.load("quick");
        Plan plan = Planner.plan(quick, Scale.STANDARD, new TrialCount(3, false), quick.variants());

        Estimate e = Estimate.of(plan);

        Pairing p = plan.pairing();
        int servers = p.blocks() * Pairing.servers(quick.variants().size());
        Duration slices = p.settle().plus(p.slice()).multipliedBy(plan.sliceCount());
        assertThat(plan.paired()).hasSize(2);
        assertThat(e.least()).as("30 s for the first benchmark, the 5 s steadiness test for the second")
                .isEqualTo(Duration.ofSeconds(30 + 5).multipliedBy(servers).plus(slices));
        assertThat(e.most()).isEqualTo(Duration.ofSeconds(120 + 120).multipliedBy(servers).plus(slices));
    }

    @Test
    void aSequentialSuitesBlocksMayStopAtTheSecondSoTheLeastIsTwoBlocks() {
        Suite e0 = LOADER.load("e0-posts");
        Suite paired = e0.withBenchmarks(e0.benchmarks().stream().filter(b -> b.design() == Design.PAIRED).toList());
        Plan plan = Planner.plan(paired, Scale.STANDARD, TrialCount.SUITE, paired.variants());

        Estimate e = Estimate.of(plan);

        Pairing p = plan.pairing();
        assertThat(plan.sequential()).isNotNull();
        assertThat(p.blocks()).isEqualTo(5);
        assertThat(e.minTrials()).isEqualTo(plan.sliceCount() * 2 / 5);
        assertThat(e.maxTrials()).isEqualTo(plan.sliceCount());
        assertThat(e.minLaunches()).isEqualTo(2 * 4);
        assertThat(e.maxLaunches()).isEqualTo(5 * 4);
    }

    @Test
    void roundsMayStopAfterTheSecondSoTheLeastIsTwoTrialsOfEach() {
        Suite e0 = LOADER.load("e0-posts").withDesign(Design.FRESH);
        Plan plan = Planner.plan(e0, Scale.STANDARD, TrialCount.SUITE, e0.variants());

        Estimate e = Estimate.of(plan);

        int benchmarks = e0.benchmarks().size();
        assertThat(e.minTrials()).isEqualTo(2 * 3 * benchmarks);
        assertThat(e.maxTrials()).isEqualTo(5 * 3 * benchmarks);
        assertThat(e.withOverhead(Duration.ofSeconds(4), Duration.ofSeconds(10)).most())
                .as("unshared, a launch per trial").isEqualTo(e.most().plusSeconds(14L * e.maxTrials()));
    }

    @Test
    void sharedLaunchesPayTheStartUpOncePerVariantAndRound() {
        Suite e0 = LOADER.load("e0-posts").withDesign(Design.FRESH);
        Suite shared = new Suite(e0.name(), e0.description(), e0.file(), e0.variants(), e0.benchmarks(), e0.trials(), e0.warmup(),
                Launch.PER_ROUND, e0.capacity(), e0.rules());
        Plan plan = Planner.plan(shared, Scale.STANDARD, TrialCount.SUITE, shared.variants());

        Estimate e = Estimate.of(plan);

        assertThat(e.minLaunches()).as("two rounds of three variants").isEqualTo(6);
        assertThat(e.maxLaunches()).isEqualTo(15);
        assertThat(e.withOverhead(Duration.ofSeconds(4), Duration.ofSeconds(1)).least())
                .isEqualTo(e.least().plusSeconds(4L * 6 + e.minTrials()));
    }

    @Test
    void aCountedWindowIsLeftOutOfTheRangeAndCounted() {
        Suite e4 = LOADER.load("e4-cpu-io");
        Plan plan = Planner.plan(e4, Scale.QUICK, TrialCount.SUITE, e4.variants());

        assertThat(Estimate.of(plan).counted()).isPositive();
    }

    @Test
    void aCountedWindowMeasuredBeforeIsInTheRangeFromItsShortestToItsLongest() {
        Suite e4 = LOADER.load("e4-cpu-io");
        Plan plan = Planner.plan(e4, Scale.QUICK, TrialCount.SUITE, e4.variants());
        Map<Estimate.Slot, Estimate.Span> measured = new java.util.HashMap<>();
        for (var variant : e4.variants()) {
            measured.put(new Estimate.Slot(variant.name(), "cpu"), new Estimate.Span(Duration.ofSeconds(50), Duration.ofSeconds(60)));
            measured.put(new Estimate.Slot(variant.name(), "io"), new Estimate.Span(Duration.ofSeconds(5), Duration.ofSeconds(30)));
        }

        Estimate e = Estimate.of(plan, measured);

        // E4's trials are cold: no warm-up, so the range is the windows alone, one of each benchmark per variant
        int variants = e4.variants().size();
        assertThat(e.counted()).isZero();
        assertThat(e.countedMeasured()).isEqualTo(plan.trialCount());
        assertThat(e.least()).isEqualTo(Duration.ofSeconds(55L * variants));
        assertThat(e.most()).isEqualTo(Duration.ofSeconds(90L * variants));
        measured.remove(new Estimate.Slot(e4.variants().getFirst().name(), "io"));
        assertThat(Estimate.of(plan, measured).counted()).as("one variant's io never measured").isEqualTo(1);
    }

    @Test
    void aPairedCountedJobsSlicesArePricedAtTheLengthsMeasuredBeforeOrCounted() {
        Suite e2 = LOADER.load("e2-async").withDesign(Design.PAIRED);
        Suite one = e2.withBenchmarks(e2.benchmarks().stream().filter(b -> b.name().equals("async-pool-case3")).toList());
        Plan plan = Planner.plan(one, Scale.STANDARD, TrialCount.SUITE, one.variants());
        Pairing p = plan.pairing();
        Map<Estimate.Slot, Estimate.Span> measured = new java.util.HashMap<>();
        for (var variant : one.variants()) {
            measured.put(new Estimate.Slot(variant.name(), "async-pool-case3"), new Estimate.Span(Duration.ofSeconds(2), Duration.ofSeconds(3)));
        }

        Estimate unknown = Estimate.of(plan);
        Estimate known = Estimate.of(plan, measured);

        assertThat(plan.paired()).hasSize(1);
        assertThat(unknown.counted()).as("every slice: each its N × C job, as long as the server takes").isEqualTo(plan.sliceCount());
        assertThat(known.counted()).isZero();
        assertThat(known.countedMeasured()).isEqualTo(plan.sliceCount());
        assertThat(known.most().minus(unknown.most())).as("each slice's job at the longest measured, beside its settle")
                .isEqualTo(Duration.ofSeconds(3).multipliedBy(plan.sliceCount()));
        assertThat(unknown.most()).as("the settles and the warm-ups alone")
                .isEqualTo(p.settle().multipliedBy(plan.sliceCount()).plus(one.warmup().at(Scale.STANDARD).max().multipliedBy(plan.blockLaunches())));
    }
}
