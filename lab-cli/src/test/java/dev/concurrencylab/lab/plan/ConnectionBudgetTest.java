package dev.concurrencylab.lab.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.ConnectionPool;
import dev.concurrencylab.lab.load.OpenFiles;
import org.junit.jupiter.api.Test;

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
}
