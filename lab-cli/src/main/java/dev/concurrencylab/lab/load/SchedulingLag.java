package dev.concurrencylab.lab.load;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * How late the driver's own JVM got to run, measured as jHiccup does: a thread asks to sleep
 * {@value #TICK_MS} ms and records how much longer it took. A driver starved of CPU, or stopped by
 * its own GC, sends late whatever the server does; this is the evidence that the driver was the limit.
 */
public final class SchedulingLag implements AutoCloseable {

    static final long TICK_MS = 5;
    /** Hyperfoil's jitter watchdog calls a pause above this a driver problem; the lab uses the same bound. */
    public static final double STALL_MS = 100;

    private final Recorder lags = new Recorder(3);
    private final Thread thread;
    private volatile boolean running = true;

    private SchedulingLag() {
        thread = Thread.ofPlatform().daemon().name("driver-lag").start(this::watch);
    }

    public static SchedulingLag start() {
        return new SchedulingLag();
    }

    /** Forgets the lag so far (the warm-up's). */
    public void reset() {
        lags.getIntervalHistogram();
    }

    /** The lag since the last reset. */
    public Figures figures() {
        Histogram h = lags.getIntervalHistogram();
        return h.getTotalCount() == 0 ? Figures.NONE
                : new Figures(h.getMaxValue() / 1e6, h.getValueAtPercentile(99.9) / 1e6);
    }

    private void watch() {
        long tick = TimeUnit.MILLISECONDS.toNanos(TICK_MS);
        while (running) {
            long before = System.nanoTime();
            LockSupport.parkNanos(tick);
            lags.recordValue(Math.max(0, System.nanoTime() - before - tick));
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }

    /**
     * @param maxMs   the longest the driver's JVM was kept from running
     * @param p999Ms  the 99.9th percentile of the same
     */
    public record Figures(double maxMs, double p999Ms) {
        public static final Figures NONE = new Figures(0, 0);

        /** Of two drivers, the later each figure: one stalled driver sends late whatever the other does. */
        public Figures worst(Figures other) {
            return new Figures(Math.max(maxMs, other.maxMs), Math.max(p999Ms, other.p999Ms));
        }

        /** The driver stalled long enough for requests to leave late. */
        public boolean stalled() {
            return maxMs >= STALL_MS;
        }
    }
}
