package dev.concurrencylab.lab.result;

/**
 * What became of asynchronously handed-off work, read from the app after the load (E2 never checked).
 *
 * @param complete every handed-off item completed or failed before the lab stopped waiting
 */
public record Completion(String strategy, long handedOff, long completed, long failed, double latencyMeanMs,
        double latencyP50Ms, double latencyP99Ms, double latencyMaxMs, boolean complete, double waitedSeconds) {
}
