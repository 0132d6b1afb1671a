package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.usage.JvmMetric;
import dev.concurrencylab.lab.usage.ResourceSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each answer cost the server over the measured window: the fairest figures between
 * concurrency models, since they do not depend on how hard the driver pushed. Each is {@code null}
 * where it could not be measured (no answers, a server the lab did not start, meters missing).
 *
 * @param cpuMsPer1k               server CPU time per 1,000 answers, ms
 * @param allocatedMbPer1k         heap allocated per 1,000 answers, MB (Micrometer's count, taken at each GC)
 * @param gcPauseMsPer1k           GC pause time per 1,000 answers, ms
 * @param contextSwitchesPerAnswer context switches of all the server's threads per answer
 * @param serviceCpuMsPer1k        per backing service the lab started: its CPU time per 1,000 answers, ms; absent when unknown
 */
public record CostPerRequest(Double cpuMsPer1k, Double allocatedMbPer1k, Double gcPauseMsPer1k, Double contextSwitchesPerAnswer,
        Map<String, Double> serviceCpuMsPer1k) {

    private static final String CPU_SUFFIX = ".cpu.percent";

    /**
     * @param answers         every answer of the window, good or not
     * @param contextSwitches the server's context switches over the window, or a negative number when unknown
     */
    public static CostPerRequest of(List<ResourceSample> samples, long answers, long contextSwitches) {
        if (answers <= 0 || samples.isEmpty()) {
            return null;
        }
        double perThousand = 1000.0 / answers;
        Map<String, Double> services = new LinkedHashMap<>();
        for (String key : samples.stream().flatMap(s -> s.values().keySet().stream()).distinct().toList()) {
            // A service's CPU unknown over part of the window (a failed read of another host's /proc) gives it no
            // cost: the known intervals alone would understate it.
            if (key.endsWith(CPU_SUFFIX) && !key.equals(ResourceSample.SUT_CPU) && !key.equals(ResourceSample.DRIVER_CPU)
                    && !key.equals(ResourceSample.OTHER_CPU) && samples.stream().allMatch(s -> s.values().containsKey(key))) {
                services.put(key.substring(0, key.length() - CPU_SUFFIX.length()), round(cpuMillis(samples, key) * perThousand));
            }
        }
        Double cpu = has(samples, ResourceSample.SUT_CPU) ? round(cpuMillis(samples, ResourceSample.SUT_CPU) * perThousand) : null;
        Double allocated = has(samples, JvmMetric.ALLOCATED_MB.key()) ? round(sum(samples, JvmMetric.ALLOCATED_MB.key()) * perThousand) : null;
        Double pauses = has(samples, JvmMetric.GC_PAUSE_MS.key()) ? round(sum(samples, JvmMetric.GC_PAUSE_MS.key()) * perThousand) : null;
        Double switches = contextSwitches < 0 ? null : round((double) contextSwitches / answers);
        return new CostPerRequest(cpu, allocated, pauses, switches, services);
    }

    private static boolean has(List<ResourceSample> samples, String key) {
        return samples.stream().anyMatch(s -> s.values().containsKey(key));
    }

    /** Percent of a core over each interval, back to milliseconds of CPU. */
    private static double cpuMillis(List<ResourceSample> samples, String key) {
        return samples.stream().mapToDouble(s -> s.values().getOrDefault(key, 0.0) * s.seconds() * 10).sum();
    }

    private static double sum(List<ResourceSample> samples, String key) {
        return samples.stream().mapToDouble(s -> s.values().getOrDefault(key, 0.0)).sum();
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
