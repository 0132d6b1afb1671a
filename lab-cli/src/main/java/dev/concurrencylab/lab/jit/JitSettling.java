package dev.concurrencylab.lab.jit;

import dev.concurrencylab.lab.load.LoadListener;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Says a server has settled once its JIT has (nearly) stopped compiling: its compiler threads were
 * on a CPU or waiting for one for at most {@value #QUIET_MS} ms over the last {@value #SECONDS}
 * seconds, a tenth of one thread's time. Counting the wait matters: a compile starved of CPU is
 * work still to do, and the JVM's own counters show it only once it ends (see {@link CompilerThreads}).
 * Steady throughput alone can fool a warm-up: on one CPU shared with 200 busy Tomcat threads a JVM
 * can hold a flat, slow plateau for many seconds before its hot code is compiled.
 */
public final class JitSettling implements LoadListener {

    static final int SECONDS = 5;
    static final double QUIET_MS = 500;

    private final CompilerThreads compilers;
    private final Deque<Double> perSecond = new ArrayDeque<>();
    private double last;

    public JitSettling(CompilerThreads compilers) {
        this.compilers = compilers;
        this.last = compilers.demandMillis();
    }

    @Override
    public synchronized boolean settled() {
        double now = compilers.demandMillis();
        perSecond.addLast(now - last);
        last = now;
        if (perSecond.size() > SECONDS) {
            perSecond.removeFirst();
        }
        return perSecond.size() == SECONDS && recentMillis() <= QUIET_MS;
    }

    /** The compiler threads' time on a CPU or waiting for one over the last seconds asked about, in ms. */
    public synchronized double recentMillis() {
        return perSecond.stream().mapToDouble(Double::doubleValue).sum();
    }
}
