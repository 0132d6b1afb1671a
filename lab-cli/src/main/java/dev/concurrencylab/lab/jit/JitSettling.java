package dev.concurrencylab.lab.jit;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Says a server has settled once its JIT has (nearly) stopped compiling: its compiler threads were
 * on a CPU or waiting for one for at most {@value #QUIET_MS} ms over the last {@value #SECONDS}
 * seconds, a tenth of one thread's time. Counting the wait matters: a compile starved of CPU is
 * work still to do, and the JVM counts a compilation only once it ends (see {@link CompilerThreads}).
 * Steady throughput alone can fool a warm-up: on one CPU shared with 200 busy Tomcat threads a JVM
 * can hold a flat, slow plateau for many seconds before its hot code is compiled.
 *
 * <p>It also counts the compilations the JVM itself finished ({@link PerfData}), in the warm-up's
 * last seconds and in the window, for the trial's record. They do not decide: a warm-up that also
 * waited for at most 75 compilations in its last 5 s was measured on E3's carry-over suite and left
 * the second window on a server 1.46× the first (1.30× without it), the windows' own compilations
 * coming as the load changed from the warm-up's users to the window's (docs/methodology.md).
 */
public final class JitSettling implements LoadListener {

    static final int SECONDS = 5;
    static final double QUIET_MS = 500;
    static final String TOTAL_COMPILES = "sun.ci.totalCompiles";

    private final CompilerThreads compilers;
    private final Optional<PerfData> counters;
    private final Deque<Double> millisPerSecond = new ArrayDeque<>();
    private final Deque<Long> compilesPerSecond = new ArrayDeque<>();
    private double lastMillis;
    private OptionalLong lastCompiles;
    private OptionalLong windowStart = OptionalLong.empty();
    private Long windowCompiles;

    /** @param counters the server JVM's own counters, when this machine can read them, for its compile counts */
    public JitSettling(CompilerThreads compilers, Optional<PerfData> counters) {
        this.compilers = compilers;
        this.counters = counters;
        this.lastMillis = compilers.demandMillis();
        this.lastCompiles = compiles();
    }

    @Override
    public synchronized boolean settled() {
        double millis = compilers.demandMillis();
        keep(millisPerSecond, millis - lastMillis);
        lastMillis = millis;
        OptionalLong now = compiles();
        if (now.isPresent() && lastCompiles.isPresent()) {
            keep(compilesPerSecond, now.getAsLong() - lastCompiles.getAsLong());
        } else {
            compilesPerSecond.clear();
        }
        lastCompiles = now;
        return millisPerSecond.size() == SECONDS && recentMillis() <= QUIET_MS;
    }

    @Override
    public synchronized void phase(LoadPhase phase) {
        if (phase == LoadPhase.MEASURE) {
            windowStart = compiles();
        }
    }

    @Override
    public synchronized void windowEnded() {
        OptionalLong end = compiles();
        if (windowStart.isPresent() && end.isPresent()) {
            windowCompiles = end.getAsLong() - windowStart.getAsLong();
        }
    }

    /** The compiler threads' time on a CPU or waiting for one over the last seconds asked about, in ms. */
    public synchronized double recentMillis() {
        return millisPerSecond.stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Compilations the JVM finished over the last seconds asked about, or {@code null} when its counters cannot be read. */
    public synchronized Long compilesLately() {
        return compilesPerSecond.isEmpty() ? null : recentCompiles();
    }

    /** Compilations the JVM finished in the measured window, or {@code null} when its counters cannot be read. */
    public synchronized Long compilesInWindow() {
        return windowCompiles;
    }

    /** What the warm-up's end and the window showed of the JIT. */
    public synchronized Seen watched() {
        return new Seen(recentMillis(), compilesLately(), windowCompiles);
    }

    /**
     * @param msLately        the compiler threads' time on a CPU or waiting for one in the warm-up's last seconds
     * @param compilesLately  compilations finished in the warm-up's last seconds, {@code null} when unread
     * @param compilesInWindow compilations finished in the measured window, {@code null} when unread
     */
    public record Seen(double msLately, Long compilesLately, Long compilesInWindow) {
    }

    private long recentCompiles() {
        return compilesPerSecond.stream().mapToLong(Long::longValue).sum();
    }

    private OptionalLong compiles() {
        return counters.map(c -> c.counter(TOTAL_COMPILES)).orElse(OptionalLong.empty());
    }

    private static <T> void keep(Deque<T> lastSeconds, T value) {
        lastSeconds.addLast(value);
        if (lastSeconds.size() > SECONDS) {
            lastSeconds.removeFirst();
        }
    }
}
