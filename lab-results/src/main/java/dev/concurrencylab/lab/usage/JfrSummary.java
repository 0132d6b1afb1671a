package dev.concurrencylab.lab.usage;

import java.util.List;

/**
 * What a trial's JFR recording says about where the server's time went: a part of the trial's
 * record, so it sits here below the results; {@code jfr.JfrReader} reads it from the recording.
 *
 * @param jfrFile            the recording, beside the trial's JSON
 * @param samples            execution samples taken (threads running Java code)
 * @param hotMethods         the methods most often on top of the stack, with their share of samples in percent
 * @param allocations        the classes allocated most, with their share of the sampled weight in percent
 * @param lockContention     monitor-enter waits of 1 ms or more: count and total ms, with the busiest monitors
 * @param gcPauses           garbage collections and their pause time in ms
 * @param pinned             virtual threads pinned to their carrier for 1 ms or more: count, total ms, where (stack tops)
 * @param submitFailed       virtual threads that could not be scheduled
 * @param eventLoopBlockedMs time event-loop threads ({@code reactor-http-*}) spent in blocking calls of 1 ms or more
 * @param eventLoopBlocks    where event-loop threads blocked (stack tops below the JDK), by total ms
 * @param eventLoopSamples   execution and native samples of event-loop threads
 * @param eventLoopBlockingSamples of those, the ones inside blocking code (JDBC, blocking sockets, sleep, park):
 *                           blocking calls too short for a 1 ms event still show here
 */
public record JfrSummary(String jfrFile, long samples, List<Share> hotMethods, List<Share> allocations, Tally lockContention,
        Tally gcPauses, Tally pinned, long submitFailed, double eventLoopBlockedMs, List<Share> eventLoopBlocks,
        long eventLoopSamples, long eventLoopBlockingSamples) {

    /** A name and its share in percent (or ms, for tallies' places). */
    public record Share(String name, double value) {
    }

    /** How many, how long in total, and where the most time went. */
    public record Tally(long count, double totalMs, List<Share> where) {
    }
}
