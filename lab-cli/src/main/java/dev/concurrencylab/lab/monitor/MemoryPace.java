package dev.concurrencylab.lab.monitor;

import java.util.SplittableRandom;

/**
 * How fast the machine's memory answers right now, read on the driver's CPU: a chase through 64 MB,
 * each load's address the answer of the one before, timed. On this lab's shared hosts a window's
 * throughput went with how slowly such a chase ran on the driver's CPU at the same time (correlation
 * −0.71 over 24 E0 windows, docs/methodology.md): the host's caches and memory are shared with other
 * guests, whose load changes within a minute and moves every process on the machine alike. A loop
 * that stays in the first-level cache does not see it; this one misses every cache on every load.
 *
 * <p>A reading is the best of {@value #CHASES} chases of {@value #LOADS} loads (about 1 ms each): the
 * thread may be preempted mid-chase, which only adds time, so the fastest chase is the memory's. Few
 * loads because each evicts a line the server may have had in a cache the two CPUs share: at five
 * chases of 20,000 a second the server's throughput at max rate read 0.89× (95 % CI 0.63–1.25) of its
 * unpaced level (pace-cost, quick, 2026-11-27): not shown harmful, not shown harmless. At three of
 * 5,000, on and off on one server at standard (2026-12-02), an open load's p99 read 1.004× (0.993–1.016)
 * of its unpaced level; that day the chase's time did not follow the windows' throughput,
 * the host's steal did, so the lab reads the chase only when asked.
 */
public final class MemoryPace {

    /** 64 MB of slots: past any cache the lab's hosts have had (L3 up to 32 MB per core complex). */
    static final int SLOTS = 16 << 20;
    static final int LOADS = 5_000;
    static final int CHASES = 3;

    private static MemoryPace shared;

    private final int[] next;
    private int at;

    MemoryPace(int slots, long seed) {
        next = cycle(slots, seed);
    }

    /** Each slot's successor, in one cycle through every slot (Sattolo's shuffle): a chase never falls into a short loop the caches would hold. */
    static int[] cycle(int slots, long seed) {
        int[] next = new int[slots];
        for (int i = 0; i < slots; i++) {
            next[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = slots - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        return next;
    }

    /** One chase for the whole lab: its 64 MB are made once, on the first reading (during a warm-up). */
    public static synchronized MemoryPace shared() {
        if (shared == null) {
            shared = new MemoryPace(SLOTS, 42);
        }
        return shared;
    }

    /** Nanoseconds per dependent load, the best of {@value #CHASES} chases. */
    public synchronized double nanosPerLoad() {
        long best = Long.MAX_VALUE;
        int p = at;
        for (int c = 0; c < CHASES; c++) {
            long start = System.nanoTime();
            for (int i = 0; i < LOADS; i++) {
                p = next[p];
            }
            best = Math.min(best, System.nanoTime() - start);
        }
        // Carried on, so the next reading walks slots this one did not warm; and read, so the JIT keeps the loop.
        at = p;
        return (double) best / LOADS;
    }
}
