package dev.concurrencylab.lab.result;

/**
 * What came before the measured window.
 *
 * @param startupMs     server process start to first good answer (E1), when this trial started the server
 * @param warmupSeconds how long the warm-up ran
 * @param steady        whether it ended in steady state; {@code null} for a fixed warm-up (or none)
 */
public record WarmUp(Long startupMs, double warmupSeconds, Boolean steady) {

    /** No warm-up ran: the trial failed before its load began. */
    public static final WarmUp NONE = new WarmUp(null, 0, null);
}
