package dev.concurrencylab.lab.load;

/** Live view of a running load, for progress output; called from the driver's own threads. */
public interface LoadListener {

    LoadListener NONE = new LoadListener() {
    };

    /** A phase began: {@code warm-up} or {@code measure}. */
    default void phase(String phase) {
    }

    /** About once a second: totals of the current phase so far. */
    default void progress(long answered, long failed) {
    }
}
