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

    /**
     * The same second from another driver. Counts add up; a percentile cannot be merged from two
     * parts' figures, so the slower driver's is kept (docs/hosts.md says so).
     */
    public SecondStats plus(SecondStats other) {
        return new SecondStats(second, sent + other.sent, answered + other.answered, errors + other.errors,
                Math.max(p50Ms, other.p50Ms), Math.max(p99Ms, other.p99Ms), Math.max(maxMs, other.maxMs));
    }
}
