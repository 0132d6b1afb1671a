package dev.concurrencylab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.ConnectionPool;
import dev.concurrencylab.lab.load.OpenFiles;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionBudgetTest {

    private static final OpenFiles LOW = new OpenFiles(512, 512);

    @Test
    void pinnedConnectionsPastTheLimitRefuseTheRunAndSayWhatToRaiseItTo() {
        ConnectionBudget budget = new ConnectionBudget("hello", ConnectionPool.pinned(400));

        assertThat(budget.refusal(LOW)).hasValueSatisfying(why -> assertThat(why)
                .startsWith("benchmark hello opens 400 connections").contains("open-files limit 512 (hard 512)")
                .contains("ulimit -n " + (400 + ConnectionBudget.OWN_FILES)));
        assertThat(budget.caution(LOW)).isEmpty();
    }

    @Test
    void pinnedConnectionsThatFitBesideTheLabsOwnFilesRunWithoutAWord() {
        ConnectionBudget budget = new ConnectionBudget("hello", ConnectionPool.pinned(512 - ConnectionBudget.OWN_FILES));

        assertThat(budget.refusal(LOW)).isEmpty();
        assertThat(budget.caution(LOW)).isEmpty();
    }

    @Test
    void aPoolThatOnlyMayGrowPastTheLimitIsAWarningNotARefusal() {
        ConnectionBudget budget = new ConnectionBudget("posts", ConnectionPool.byNeed(3_000));

        assertThat(budget.refusal(LOW)).isEmpty();
        assertThat(budget.caution(LOW)).hasValueSatisfying(why -> assertThat(why).contains("up to 3,000 connections")
                .contains("driver-out-of-files"));
    }

    @Test
    void anUnknownLimitStopsNothing() {
        ConnectionBudget budget = new ConnectionBudget("hello", ConnectionPool.pinned(100_000));

        assertThat(budget.refusal(new OpenFiles(-1, -1))).isEmpty();
        assertThat(budget.caution(new OpenFiles(-1, -1))).isEmpty();
    }

    @Test
    void aPinnedPoolIsRefusedThoughAnotherBenchmarksPoolMayGrowWider(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("two-pools.yaml"), """
                name: two-pools
                variants: [mvc-platform]
                benchmarks:
                  - {name: open, workload: hello, load: {model: open-rate, rate: 100, duration: 2s, max-sessions: 3000}}
                  - {name: closed, workload: hello, load: {model: max-rate, workers: 400, duration: 2s}}
                """);
        Suite suite = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize())).load(file.toString());
        Plan plan = Planner.plan(suite, Scale.QUICK, new TrialCount(1, false), suite.variants());

        assertThat(ConnectionBudget.refusal(plan, LOW)).hasValueSatisfying(why -> assertThat(why).startsWith("benchmark closed opens 400"));
        assertThat(ConnectionBudget.caution(plan, LOW)).hasValueSatisfying(why -> assertThat(why).startsWith("benchmark open may open up to 3,000"));
    }

    @Test
    void aCapacitySearchIsRefusedOnItsFirstStepsPinnedConnectionsAndWarnedOfItsHighestSteps(@TempDir Path dir) throws Exception {
        CapacityPlan pinned = capacity(dir, "pinned", "max-sessions: 1000, connections: 400");
        assertThat(ConnectionBudget.refusal(pinned, LOW)).hasValueSatisfying(why -> assertThat(why).startsWith("benchmark hello opens 400"));

        // by need: 100 req/s grown 25 % a step for 14 steps may reach 1,819 req/s, whose step keeps 3,638 sessions and may connect each
        CapacityPlan byNeed = capacity(dir, "by-need", "max-sessions: 200");
        assertThat(ConnectionBudget.refusal(byNeed, LOW)).isEmpty();
        assertThat(ConnectionBudget.caution(byNeed, LOW)).hasValueSatisfying(why -> assertThat(why)
                .startsWith("the search of hello may rise to 1,819 req/s, whose step may open up to 3,638 connections"));
        assertThat(ConnectionBudget.caution(byNeed, new OpenFiles(1 << 20, 1 << 20))).isEmpty();
    }

    private static CapacityPlan capacity(Path dir, String name, String pool) throws Exception {
        Path file = Files.writeString(dir.resolve(name + ".yaml"), """
                name: %s
                variants: [mvc-platform]
                capacity: {start-rate: 100, growth: 1.25, max-steps: 14}
                benchmarks:
                  - {name: hello, workload: hello, load: {model: open-rate, rate: 100, duration: 2s, %s}}
                """.formatted(name, pool));
        Suite suite = new SuiteLoader(Catalog.load(Path.of("..").toAbsolutePath().normalize())).load(file.toString());
        return CapacityPlan.of(suite, Scale.QUICK, suite.variants());
    }
}
