package dev.concurrencylab.lab.jit;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Says a server has settled once its JIT has (nearly) stopped compiling, over the last
 * {@value #SECONDS} seconds: its compiler threads were on a CPU or waiting for one for at most
 * {@value #QUIET_MS} ms, a tenth of one thread's time, and the JVM finished at most
 * {@value #QUIET_COMPILES} compilations (its own count, {@link PerfData}).
 *
 * <p>Both, because each misses what the other sees. Counting the threads' wait matters: a compile
 * starved of CPU is work still to do, and the JVM counts a compilation only once it ends (see
 * {@link CompilerThreads}). The count matters because the threads' time alone let warm-ups end at
 * 93–244 compilations in their last 5 s, and a window after such a warm-up measured up to 1.30× less
 * than a second window on the same server, whose warm-up had ended at 57–84: hot code still in the
 * JIT's lower tiers, C2 still taking CPU from the requests (docs/methodology.md). Steady
 * throughput alone can fool a warm-up too: on one CPU shared with 200 busy Tomcat threads a JVM
 * can hold a flat, slow plateau for many seconds before its hot code is compiled.
 *
 * <p>It also counts the window's own compilations, for the trial's record.
 */
public final class JitSettling implements LoadListener {

    static final int SECONDS = 5;
    static final double QUIET_MS = 500;
    static final long QUIET_COMPILES = 75;
    static final String TOTAL_COMPILES = "sun.ci.totalCompiles";

    private final CompilerThreads compilers;
    private final Optional<PerfData> counters;
    private final Deque<Double> millisPerSecond = new ArrayDeque<>();
    private final Deque<Long> compilesPerSecond = new ArrayDeque<>();
    private double lastMillis;
    private OptionalLong lastCompiles;
    private OptionalLong windowStart = OptionalLong.empty();
    private Long windowCompiles;

    /** @param counters the server JVM's own counters, when this machine can read them; without, the threads' time alone decides */
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
        boolean threadsQuiet = millisPerSecond.size() == SECONDS && recentMillis() <= QUIET_MS;
        return threadsQuiet && (counters.isEmpty() || compilesPerSecond.size() == SECONDS && recentCompiles() <= QUIET_COMPILES);
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
