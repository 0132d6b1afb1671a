package dev.concurrencylab.workload.async;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Counts every work item handed off, completed or failed, per strategy, and records hand-off to
 * completion latency. Exposed as JSON by {@code GET /async/stats} and as Prometheus meters. A
 * {@link #reset()} opens a new window: items handed off before it (the warm-up's, still queued in a
 * broker) are not counted when they complete or fail after it, so a window's figures are its own
 * items only. Each item carries the number of the window that counted its hand-off, and a window's
 * counts live in an object of their own that a reset replaces: an item handed off while a reset runs
 * is counted in one window only, whole, never completed in a window that did not count it handed off.
 * A window's items that are still queued or at work when it closes are passed over ({@link #awaitJob}):
 * the warm-up's backlog must not hold up, or take the consumers from, the window after it.
 */
public final class WorkLedger implements MeterBinder {

    private static final double NANOS_PER_MS = 1_000_000.0;

    private final AtomicLong ids = new AtomicLong();
    private volatile Window current = new Window(0);

    /** Records an item as handed off now and returns it. */
    public WorkItem handOff(Strategy strategy) {
        return handOff(strategy, 0);
    }

    /** Records an item whose job takes {@code workMs} (0: the app's configured time) as handed off now. */
    public WorkItem handOff(Strategy strategy, long workMs) {
        Window window = current;
        WorkItem item = new WorkItem(strategy, ids.incrementAndGet(), System.nanoTime(), workMs, window.number);
        window.tally(strategy).handedOff.increment();
        return item;
    }

    public void complete(WorkItem item) {
        Window window = current;
        Tally tally = window.tally(item.strategy());
        if (item.window() != window.number) {
            tally.earlierFinished.increment();
            return;
        }
        long nanos = Math.max(0, System.nanoTime() - item.handedOffNanos());
        tally.latencyNanos.recordValue(nanos);
        tally.totalLatencyNanos.add(nanos);
        tally.completed.increment();
    }

    /** An item that will never complete (rejected, lost or broken); it stays handed off. */
    public void fail(WorkItem item) {
        Window window = current;
        Tally tally = window.tally(item.strategy());
        (item.window() != window.number ? tally.earlierFinished : tally.failed).increment();
    }

    public WorkStats stats(Strategy strategy) {
        Tally tally = current.tally(strategy);
        long handedOff = tally.handedOff.sum();
        long completed = tally.completed.sum();
        long failed = tally.failed.sum();
        // The counts first: complete() records a latency before it counts the item, so a histogram copied
        // after them holds every completion they count (copied before, a caller waiting for one more
        // completion could see it counted while the latencies still lacked it).
        Histogram h = tally.latencyNanos.copy();
        long count = h.getTotalCount();
        return new WorkStats(handedOff, completed, failed, count,
                count == 0 ? 0 : h.getMean() / NANOS_PER_MS,
                ms(h, 50), ms(h, 90), ms(h, 99), count == 0 ? 0 : h.getMaxValue() / NANOS_PER_MS, tally.earlierFinished.sum());
    }

    /** Stats of every strategy, keyed by path name, in declaration order. */
    public Map<String, WorkStats> stats() {
        Map<String, WorkStats> all = new LinkedHashMap<>();
        for (Strategy strategy : Strategy.values()) {
            all.put(strategy.path(), stats(strategy));
        }
        return all;
    }

    /** Waits for an item's job time, or less: not at all once the window that counted it has closed, no longer than until it closes. */
    public void awaitJob(WorkItem item, Duration time) throws InterruptedException {
        Window window = current;
        if (window.number == item.window()) {
            window.closed.await(time.toNanos(), TimeUnit.NANOSECONDS);
        }
    }

    /** Starts every count afresh, so one trial's figures do not include the previous one's. */
    public synchronized void reset() {
        Window closing = current;
        current = new Window(closing.number + 1);
        closing.closed.countDown();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (Strategy strategy : Strategy.values()) {
            String tag = strategy.path();
            FunctionCounter.builder("sut.work.handed.off", this, l -> l.current.tally(strategy).handedOff.sum())
                    .tag("strategy", tag).description("work items handed off").register(registry);
            FunctionCounter.builder("sut.work.completed", this, l -> l.current.tally(strategy).completed.sum())
                    .tag("strategy", tag).description("work items completed").register(registry);
            FunctionCounter.builder("sut.work.failed", this, l -> l.current.tally(strategy).failed.sum())
                    .tag("strategy", tag).description("work items rejected or lost").register(registry);
            FunctionTimer.builder("sut.work.latency", this, l -> l.current.tally(strategy).completed.sum(),
                    l -> l.current.tally(strategy).totalLatencyNanos.sum(), TimeUnit.NANOSECONDS)
                    .tag("strategy", tag).description("hand-off to completion").register(registry);
        }
    }

    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / NANOS_PER_MS;
    }

    /** One window's counts, replaced whole by a reset. */
    private static final class Window {
        final long number;
        /** Released as the next window opens: its items still waiting on their job end at once. */
        final CountDownLatch closed = new CountDownLatch(1);
        private final Map<Strategy, Tally> tallies = new EnumMap<>(Strategy.class);

        Window(long number) {
            this.number = number;
            for (Strategy strategy : Strategy.values()) {
                tallies.put(strategy, new Tally());
            }
        }

        Tally tally(Strategy strategy) {
            return tallies.get(strategy);
        }
    }

    private static final class Tally {
        final LongAdder handedOff = new LongAdder();
        final LongAdder completed = new LongAdder();
        final LongAdder failed = new LongAdder();
        final LongAdder totalLatencyNanos = new LongAdder();
        /** Items handed off before the window that finished in it: not its work, but a sign the consumers still move. */
        final LongAdder earlierFinished = new LongAdder();
        // Three significant digits, auto-resizing: hand-off latencies range from µs to minutes.
        final ConcurrentHistogram latencyNanos = new ConcurrentHistogram(3);
    }
}
