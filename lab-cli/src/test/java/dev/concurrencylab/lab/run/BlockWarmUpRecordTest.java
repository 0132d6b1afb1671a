package dev.concurrencylab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.jit.JitSettling;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.plan.Planner;
import dev.concurrencylab.lab.plan.TrialCount;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.run.probe.Observed;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Design;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A paired block's warm-up is written into its server's first slice of the benchmark: how long, and how it ended. */
class BlockWarmUpRecordTest {

    private static final SuiteLoader LOADER = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize()));

    /** A slice's own part: its fixed 1 s settle (no steadiness, no JIT watched) and a window of 300 answers. */
    private static LoadResult settleAndWindow() {
        Histogram good = new Histogram(3);
        for (int i = 0; i < 300; i++) {
            good.recordValue(2_000_000);
        }
        return new LoadResult(good, new Histogram(3), 300, 300, Map.of(), List.of(), 0, List.of(), 3.0, 0, false, 0,
                SchedulingLag.Figures.NONE, 1.0, null, ConnectionUse.NONE, null, 0);
    }

    private static PlannedTrial aTrial() {
        Suite quick = LOADER.load("quick").withDesign(Design.FRESH);
        return Planner.plan(quick, Scale.QUICK, TrialCount.SUITE, quick.variants()).trials().getFirst();
    }

    private static TrialResult recorded(TrialRecords.BlockWarmUp before) {
        return TrialRecords.measured(aTrial(), settleAndWindow(), new TrialRecords.Ended(null, null, null, false, "", before),
                new Observed.Seen(List.of(), null, -1, null, null), VerdictRules.DEFAULT);
    }

    @Test
    void aFirstSliceCarriesItsBlocksWarmUpBesideItsSettleWithHowThatWarmUpEnded() {
        TrialResult first = recorded(new TrialRecords.BlockWarmUp(31.0, false, new JitSettling.Seen(812, 40L, null)));

        assertThat(first.warmUp().warmupSeconds()).isEqualTo(32.0);
        assertThat(first.warmUp().steady()).as("the block's warm-up ended at its bound, unsteady").isFalse();
        assertThat(first.warmUp().jitMsLately()).isEqualTo(812);
        assertThat(first.warmUp().jitCompilesLately()).isEqualTo(40L);
        assertThat(first.outcome().flags()).as("the cycles, not a flag, judge a launch still moving: no slice is left out for it")
                .doesNotContain(Flag.NOT_STEADY);
    }

    @Test
    void aLaterSliceIsItsSettleAlone() {
        TrialResult later = recorded(null);

        assertThat(later.warmUp().warmupSeconds()).isEqualTo(1.0);
        assertThat(later.warmUp().steady()).isNull();
        assertThat(later.warmUp().jitMsLately()).isNull();
    }
}
