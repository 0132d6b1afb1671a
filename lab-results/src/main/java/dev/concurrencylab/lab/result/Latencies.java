package dev.concurrencylab.lab.result;

import java.util.List;

/**
 * Response times of the measured window, good answers apart from the rest.
 *
 * @param latency          response times of good answers only
 * @param failedLatency    response times of answers that were not good (non-2xx, failed status or body check)
 * @param histogramLog     file beside the trial's JSON holding the HdrHistogram of good answers' response times (ns)
 * @param steadyEndLatency where the window's level moved, response times of the good answers sent in the last level
 *                         it held (the seconds its steady-end throughput is measured on); {@code null} for a flat
 *                         window, a last level too short to measure, or a record made before the lab kept a
 *                         window's seconds apart
 * @param levelLatencies   where the window's level moved, response times of the good answers sent in each level it
 *                         held, in order: what a shifted window without a steady end is read at; {@code null} for a
 *                         flat window and in records made before the lab kept them
 */
public record Latencies(LatencySummary latency, LatencySummary failedLatency, String histogramLog, LatencySummary steadyEndLatency,
        List<LatencySummary> levelLatencies) {

    /** No answer was timed. */
    public static final Latencies NONE = new Latencies(null, null, null);

    public Latencies(LatencySummary latency, LatencySummary failedLatency, String histogramLog) {
        this(latency, failedLatency, histogramLog, null, null);
    }

    public Latencies(LatencySummary latency, LatencySummary failedLatency, String histogramLog, LatencySummary steadyEndLatency) {
        this(latency, failedLatency, histogramLog, steadyEndLatency, null);
    }
}
