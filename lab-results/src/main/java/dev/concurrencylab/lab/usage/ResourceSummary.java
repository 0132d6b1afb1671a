package dev.concurrencylab.lab.usage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A trial's resource series in a few figures: average (weighted by interval length) and peak of
 * each, the share of the window spent in GC pauses, what watching cost, and the two flags that
 * come from resources: the machine was noisy, or the driver ran out of CPU.
 *
 * @param figures           figure name → avg and peak over the window
 * @param gcPausePercent    GC pause time as a share of the window, when the server exposes it
 * @param monitorCpuPercent the sampler's own CPU, percent of one core
 * @param noisyAbovePercent other processes' average CPU above which the trial is noisy
 * @param driverCpuPercent  the driver's CPU allotment (100 per CPU it may use)
 * @param flags             {@code noisy} and/or {@code driver-saturated}, each with its figures in {@code reasons}
 */
public record ResourceSummary(int samples, double seconds, Map<String, Stat> figures, Double gcPausePercent,
        double monitorCpuPercent, double noisyAbovePercent, double driverCpuPercent, List<String> flags,
        Map<String, String> reasons) {

    public static final String NOISY = "noisy";
    public static final String DRIVER_SATURATED = "driver-saturated";
    /** Default share of one CPU that other processes may take before a trial is called noisy. */
    public static final double DEFAULT_NOISY_ABOVE_PERCENT = 25;
    /**
     * The shortest window whose other processes' CPU is a figure at all. {@code /proc} counts CPU in 10 ms
     * ticks, and that figure is the machine's busy ticks less those of the server, the services and the
     * driver, each read at both ends: over 0.1 s one tick moves it by 10 % of a core, and E2's 20-request
     * windows at standard read 36-291 % (more than the 2 cores there are). Over 1 s a tick is 1 %.
     */
    private static final double SHORTEST_NOISE_SECONDS = 1.0;
    /** The driver is saturated when its average CPU reaches this share of its allotment. */
    public static final double SATURATED_SHARE = 0.9;

    public record Stat(double avg, double peak) {
    }

    public static ResourceSummary of(List<ResourceSample> samples, double monitorCpuPercent, double noisyAbovePercent,
            int driverCpus) {
        Map<String, double[]> sums = new LinkedHashMap<>();
        double seconds = 0;
        for (ResourceSample s : samples) {
            seconds += s.seconds();
            s.values().forEach((k, v) -> {
                double[] a = sums.computeIfAbsent(k, x -> new double[] {0, 0, Double.NEGATIVE_INFINITY});
                a[0] += v * s.seconds();
                a[1] += s.seconds();
                a[2] = Math.max(a[2], v);
            });
        }
        Map<String, Stat> figures = new LinkedHashMap<>();
        sums.forEach((k, a) -> figures.put(k, new Stat(round(a[1] == 0 ? 0 : a[0] / a[1]), round(a[2]))));
        Double gc = null;
        Stat pauses = figures.get(JvmMetric.GC_PAUSE_MS.key());
        if (pauses != null && seconds > 0) {
            double total = samples.stream().mapToDouble(s -> s.values().getOrDefault(JvmMetric.GC_PAUSE_MS.key(), 0.0)).sum();
            gc = round(total / (seconds * 10));
        }
        double allotment = 100.0 * driverCpus;
        List<String> flags = new ArrayList<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        Stat other = figures.get(ResourceSample.OTHER_CPU);
        if (other != null && other.avg() > noisyAbovePercent && measuresNoise(seconds)) {
            flags.add(NOISY);
            reasons.put(NOISY, String.format("other processes used %.0f %% of a CPU on average (peak %.0f %%), above %.0f %%",
                    other.avg(), other.peak(), noisyAbovePercent));
        }
        Stat driver = figures.get(ResourceSample.DRIVER_CPU);
        if (driver != null && driver.avg() >= SATURATED_SHARE * allotment) {
            flags.add(DRIVER_SATURATED);
            reasons.put(DRIVER_SATURATED, String.format("the driver used %.0f %% of a CPU on average, of %.0f %% it may use",
                    driver.avg(), allotment));
        }
        return new ResourceSummary(samples.size(), round(seconds), figures, gc, round(monitorCpuPercent),
                noisyAbovePercent, allotment, flags, reasons);
    }

    /** The window lasted long enough for other processes' CPU to be a figure, and so for the {@code noisy} flag. */
    public boolean measuresNoise() {
        return measuresNoise(seconds);
    }

    private static boolean measuresNoise(double seconds) {
        return seconds >= SHORTEST_NOISE_SECONDS;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
