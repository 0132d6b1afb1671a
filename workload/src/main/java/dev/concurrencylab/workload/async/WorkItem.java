package dev.concurrencylab.workload.async;

/**
 * One unit of asynchronous work. The hand-off time is {@link System#nanoTime()} of the app that
 * handed it off; the consumer runs inside the same app, so the difference is a true duration.
 *
 * @param workMs how long its job takes, as the request asked; 0 for the app's configured time
 * @param window  the number of the {@link WorkLedger} window that counted its hand-off
 */
public record WorkItem(Strategy strategy, long id, long handedOffNanos, long workMs, long window) {

    /** The text form sent through brokers: {@code strategy:id:nanos:workMs:window}. */
    public String encode() {
        return strategy.path() + ":" + id + ":" + handedOffNanos + ":" + workMs + ":" + window;
    }

    public static WorkItem decode(String text) {
        String[] parts = text.split(":");
        if (parts.length != 5) {
            throw new IllegalArgumentException("not a work item: " + text);
        }
        Strategy strategy = Strategy.valueOf(parts[0].toUpperCase().replace('-', '_'));
        return new WorkItem(strategy, Long.parseLong(parts[1]), Long.parseLong(parts[2]), Long.parseLong(parts[3]),
                Long.parseLong(parts[4]));
    }
}
