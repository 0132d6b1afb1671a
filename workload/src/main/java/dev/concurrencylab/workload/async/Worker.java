package dev.concurrencylab.workload.async;

import java.time.Duration;

/**
 * The consumer side of every strategy: waits the configured time (the stand-in for real work, 50 ms
 * by default) and records the item as done. It blocks the thread it runs on, as E2's consumers did.
 */
public final class Worker {

    public static final Duration DEFAULT_WORK_TIME = Duration.ofMillis(50);

    private final WorkLedger ledger;
    private final Duration workTime;

    public Worker(WorkLedger ledger, Duration workTime) {
        this.ledger = ledger;
        this.workTime = workTime;
    }

    public Duration workTime() {
        return workTime;
    }

    public void work(WorkItem item) {
        try {
            Thread.sleep(workTime);
            ledger.complete(item);
        } catch (InterruptedException e) {
            ledger.fail(item);
            Thread.currentThread().interrupt();
        }
    }
}
