package dev.concurrencylab.lab.load;

/** Live view of a running load, for progress output; called from the driver's own threads. */
public interface LoadListener {

    LoadListener NONE = new LoadListener() {
    };

    /** A phase began. */
    default void phase(LoadPhase phase) {
    }

    /** The measured window closed: no more requests start (timed models) or the last answer came (counted ones). */
    default void windowEnded() {
    }

    /** About once a second: totals of the current phase so far. */
    default void progress(long answered, long failed) {
    }

    /**
     * Asked once a second during a warm-up that waits for steady state: whether the server, as far
     * as this listener can see, has settled (e.g. its JIT has stopped compiling). The driver opens
     * the window only when its own figures are steady and every listener says yes.
     */
    default boolean settled() {
        return true;
    }

    /** Tells both listeners, this one first. */
    default LoadListener and(LoadListener other) {
        LoadListener first = this;
        return new LoadListener() {
            @Override
            public void phase(LoadPhase phase) {
                first.phase(phase);
                other.phase(phase);
            }

            @Override
            public void windowEnded() {
                first.windowEnded();
                other.windowEnded();
            }

            @Override
            public void progress(long answered, long failed) {
                first.progress(answered, failed);
                other.progress(answered, failed);
            }

            @Override
            public boolean settled() {
                // Both are asked every time: each keeps its own per-second history.
                return first.settled() & other.settled();
            }
        };
    }
}
