package dev.concurrencylab.sut.common.async;

import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Component;

/**
 * The {@code @Async} strategies of E2. A call returns as soon as the item is queued; a full
 * {@code async-pool} throws {@link org.springframework.core.task.TaskRejectedException} to the caller.
 */
@Component
public class AsyncWork {

    private final Worker worker;

    AsyncWork(Worker worker) {
        this.worker = worker;
    }

    @Async("asyncSimpleExecutor")
    public void onSimpleExecutor(WorkItem item) {
        worker.consume(item);
    }

    @Async("asyncPoolExecutor")
    public void onBoundedPool(WorkItem item) {
        worker.consume(item);
    }

    /** For work that is not a {@link WorkItem}, e.g. E3's save-then-publish after answering. */
    @Async("asyncSimpleExecutor")
    public void run(Runnable task) {
        task.run();
    }
}
