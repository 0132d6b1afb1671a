package dev.concurrencylab.lab.result;

/**
 * Response times of the measured window, good answers apart from the rest.
 *
 * @param latency       response times of good answers only
 * @param failedLatency response times of answers that were not good (non-2xx, failed status or body check)
 * @param histogramLog  file beside the trial's JSON holding the HdrHistogram of good answers' response times (ns)
 */
public record Latencies(LatencySummary latency, LatencySummary failedLatency, String histogramLog) {

    /** No answer was timed. */
    public static final Latencies NONE = new Latencies(null, null, null);
}
