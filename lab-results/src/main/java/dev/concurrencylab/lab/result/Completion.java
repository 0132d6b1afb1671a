package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What became of asynchronously handed-off work, read from the app after the load (E2 never checked).
 *
 * @param complete every handed-off item completed or failed before the lab stopped waiting
 * @param unread   why the app's figures could not be read at all (it did not answer in time): the
 *                 counts are then unknown, not zero; absent when they were read
 */
public record Completion(String strategy, long handedOff, long completed, long failed, double latencyMeanMs,
        double latencyP50Ms, double latencyP99Ms, double latencyMaxMs, boolean complete, double waitedSeconds, String unread) {

    /** The app never answered while the lab waited: nothing is known of its handed-off work. */
    public static Completion unread(String strategy, String why, double waitedSeconds) {
        return new Completion(strategy, 0, 0, 0, 0, 0, 0, 0, false, waitedSeconds, why);
    }

    /** The counts and latencies were read from the app. */
    @JsonIgnore
    public boolean known() {
        return unread == null;
    }
}
