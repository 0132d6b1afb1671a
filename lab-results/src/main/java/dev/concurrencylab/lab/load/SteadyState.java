package dev.concurrencylab.lab.load;

import java.util.List;

/**
 * When a warm-up may end: the last {@code window} seconds vary little (coefficient of variation at
 * most {@code maxCv}) and do not drift (the last two seconds' mean within {@code maxDrift} of the
 * three before). A rising series, as while the JIT still compiles, fails the drift test even when
 * each second looks like the last. Differences under {@code floor} (in the series' unit) count as
 * none, so a p50 of 1.1 ms against 1.4 ms is not called unsteady.
 */
public record SteadyState(PerSecond figure, int window, double maxCv, double maxDrift, double floor) {

    /** The figure the warm-up reads each second. */
    public enum PerSecond {
        ANSWERS("answers per second"), P50_MS("p50");

        private final String label;

        PerSecond(String label) {
            this.label = label;
        }

        /** As a trial's reasons print it. */
        public String label() {
            return label;
        }
    }

    /** For closed models: answers per second. */
    public static final SteadyState THROUGHPUT = new SteadyState(PerSecond.ANSWERS, 5, 0.10, 0.05, 0);
    /** For open models, whose throughput is the arrival rate: p50 per second, in ms. */
    public static final SteadyState LATENCY = new SteadyState(PerSecond.P50_MS, 5, 0.10, 0.05, 0.5);

    /** True when the last {@link #window()} values of {@code perSecond} are steady. */
    public boolean reached(List<Double> perSecond) {
        if (perSecond.size() < window) {
            return false;
        }
        List<Double> last = perSecond.subList(perSecond.size() - window, perSecond.size());
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        if (mean <= 0) {
            return false;
        }
        double sd = Math.sqrt(last.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (window - 1));
        double head = last.subList(0, window - 2).stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double tail = last.subList(window - 2, window).stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return within(sd, maxCv * mean) && within(Math.abs(tail - head), maxDrift * head);
    }

    private boolean within(double difference, double bound) {
        return difference <= Math.max(bound, floor);
    }
}
