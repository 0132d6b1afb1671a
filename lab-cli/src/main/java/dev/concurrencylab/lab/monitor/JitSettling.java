package dev.concurrencylab.lab.monitor;

import dev.concurrencylab.lab.load.LoadListener;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Says a server has settled once its JIT has (nearly) stopped compiling: at most {@value #QUIET_MS} ms
 * of compilation over the last {@value #SECONDS} seconds, a tenth of one compiler thread's time.
 * Measured here: about 1,000 ms a second while a fresh server's hot code is compiled, 20 to 80 ms a
 * second after, under light open load a trickle of 40 to 80 ms a second for minutes. Steady throughput alone can fool a warm-up:
 * on one CPU shared with 200 busy Tomcat threads the compiler threads get a sliver of it, and a JVM
 * can hold a flat, slow plateau for many seconds before its hot code is compiled.
 */
public final class JitSettling implements LoadListener {

    static final int SECONDS = 5;
    static final double QUIET_MS = 500;

    private final JitClock clock;
    private final Deque<Double> perSecond = new ArrayDeque<>();
    private double last;

    public JitSettling(JitClock clock) {
        this.clock = clock;
        this.last = clock.compileMillis();
    }

    @Override
    public synchronized boolean settled() {
        double now = clock.compileMillis();
        perSecond.addLast(now - last);
        last = now;
        if (perSecond.size() > SECONDS) {
            perSecond.removeFirst();
        }
        return perSecond.size() == SECONDS && recentMillis() <= QUIET_MS;
    }

    /** Compilation time over the last seconds asked about, in ms. */
    public synchronized double recentMillis() {
        return perSecond.stream().mapToDouble(Double::doubleValue).sum();
    }
}
