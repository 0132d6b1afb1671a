package dev.concurrencylab.workload.posts;

/** Body of {@code GET /demo}: the single row E4's I/O-bound endpoint reads. */
public record DemoRow(long id, String name) {
}
