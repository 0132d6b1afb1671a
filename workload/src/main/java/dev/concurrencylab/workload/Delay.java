package dev.concurrencylab.workload;

/** {@code GET /delay?ms=N}: the remote-call stand-in of loom-webflux-benchmarks. */
public final class Delay {

    public static final long DEFAULT_MS = 100;
    public static final long MAX_MS = 60_000;

    private Delay() {
    }

    /** @return why {@code ms} is not accepted, or {@code null} */
    public static String problem(long ms) {
        return ms < 0 || ms > MAX_MS ? "ms must be between 0 and " + MAX_MS + ", got " + ms : null;
    }

    public static String body(long ms) {
        return "waited " + ms + " ms";
    }
}
