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

    /** The item's own job time when its request gave one (E2's ~3 s job), else the configured one. */
    public Duration workTime(WorkItem item) {
        return item.workMs() > 0 ? Duration.ofMillis(item.workMs()) : workTime;
    }

    public void work(WorkItem item) {
        try {
            Thread.sleep(workTime(item));
            ledger.complete(item);
        } catch (InterruptedException e) {
            ledger.fail(item);
            Thread.currentThread().interrupt();
        }
    }
}
