package dev.concurrencylab.lab.result;

/**
 * What came before the measured window.
 *
 * @param startupMs     server process start to first good answer (E1), when this trial started the server
 * @param warmupSeconds how long the warm-up ran
 * @param steady        whether it ended in steady state; {@code null} for a fixed warm-up (or none)
 * @param jitMsLately   how long the server's JIT compiler threads ran or waited for a CPU in the
 *                      warm-up's last 5 s, read from the kernel of the server's machine; for
 *                      warm-ups that wait for a steady state
 * @param jitCompilesLately compilations the server's JVM finished in the warm-up's last 5 s, by its
 *                      own counters; for warm-ups that wait for a steady state, on the lab's machine
 * @param jitCompilesInWindow compilations the server's JVM finished in the measured window, likewise
 */
public record WarmUp(Long startupMs, double warmupSeconds, Boolean steady, Double jitMsLately, Long jitCompilesLately,
        Long jitCompilesInWindow) {

    public WarmUp(Long startupMs, double warmupSeconds, Boolean steady) {
        this(startupMs, warmupSeconds, steady, null, null, null);
    }

    /** No warm-up ran: the trial failed before its load began. */
    public static final WarmUp NONE = new WarmUp(null, 0, null);
}
