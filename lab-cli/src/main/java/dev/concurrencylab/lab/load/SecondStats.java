package dev.concurrencylab.lab.load;

/**
 * One second of the measured window, by request start time.
 *
 * @param second  seconds since the measured window began (0-based)
 * @param sent    requests started in that second
 * @param answered responses received for them
 * @param errors  failed requests of every class
 */
public record SecondStats(int second, long sent, long answered, long errors, double p50Ms, double p99Ms, double maxMs) {
}
