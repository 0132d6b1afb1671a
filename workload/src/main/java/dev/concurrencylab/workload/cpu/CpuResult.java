package dev.concurrencylab.workload.cpu;

/** Body of {@code GET /cpu}. */
public record CpuResult(long iterations, double result) {
}
