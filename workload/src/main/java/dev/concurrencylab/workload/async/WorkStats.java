package dev.concurrencylab.workload.async;

/**
 * What became of the items of one strategy since start or the last reset: the lab compares
 * {@code completed} with {@code handedOff} to prove no work was dropped, which E2 never checked.
 * Latencies are hand-off to completion, in milliseconds. {@code earlierFinished} counts items handed
 * off before the reset that completed or failed since: not this window's work, but proof the
 * consumers are still busy with older work when this window's has not moved yet.
 */
public record WorkStats(long handedOff, long completed, long failed, long latencyCount, double latencyMeanMs,
        double latencyP50Ms, double latencyP90Ms, double latencyP99Ms, double latencyMaxMs, long earlierFinished) {
}
