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

    /** Does an item's job in the request that handed it off (the sync strategy): it always runs to its end. */
    public void work(WorkItem item) {
        try {
            Thread.sleep(workTime(item));
            ledger.complete(item);
        } catch (InterruptedException e) {
            ledger.fail(item);
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Does the job of an item taken from a queue (an executor's or a broker's), unless the window that
     * counted it has closed: a warm-up's backlog is passed over as the window opens, so the window's
     * items wait behind nothing the window did not send (measured: up to 3.3 s hand-off→done for a 50 ms
     * job at E2's standard scale, 99 of 100 requests rejected by a pool still full of warm-up work at full).
     */
    public void consume(WorkItem item) {
        try {
            ledger.awaitJob(item, workTime(item));
            // Either way the item is done with now; the ledger counts a closed window's item as earlier work, not the window's.
            ledger.complete(item);
        } catch (InterruptedException e) {
            ledger.fail(item);
            Thread.currentThread().interrupt();
        }
    }
}
