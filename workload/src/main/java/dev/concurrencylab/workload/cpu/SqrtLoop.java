package dev.concurrencylab.workload.cpu;

/** E4's CPU-bound work: {@code iterations} calls of {@link Math#sqrt}. */
public final class SqrtLoop {

    public static final long DEFAULT_ITERATIONS = 10_000_000L;

    private SqrtLoop() {
    }

    /**
     * Sums the square roots so the result depends on every step; returning it keeps the JIT from
     * removing the loop as dead code.
     */
    public static double run(long iterations) {
        if (iterations < 0) {
            throw new IllegalArgumentException("iterations must be zero or more, got " + iterations);
        }
        double sum = 0;
        for (long i = 0; i < iterations; i++) {
            sum += Math.sqrt(i);
        }
        return sum;
    }
}
