package dev.concurrencylab.lab.monitor;

import dev.concurrencylab.lab.usage.JvmMetric;
import dev.concurrencylab.lab.usage.ResourceSample;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reading of what {@link Monitor} watches, at one moment: CPU figures are counters, so a sample
 * is the difference of two readings.
 *
 * @param nanos       when it was read, the midpoint of its reads ({@link System#nanoTime()})
 * @param sut         the server's process tree; {@code null} for a server the lab did not start
 * @param servicesCpuMillis each service's CPU so far; a {@code null} value: not read this time
 * @param memoryNanos the machine's memory as timed at this reading; {@code null}: not read
 */
record Reading(long nanos, ProcessMetrics.Usage sut, Map<String, Long> servicesCpuMillis,
        ProcessMetrics.Usage driver, ProcessMetrics.Ticks ticks, Map<JvmMetric, Double> jvm, Double memoryNanos) {

    /** What the machine's processes did from reading {@code a} to reading {@code b}, {@code seconds} apart, by {@link ResourceSample}'s keys. */
    static Map<String, Double> figures(Reading a, Reading b, double seconds, Monitor.Target target) {
        Map<String, Double> v = new LinkedHashMap<>();
        long ours = 0;
        if (b.sut() != null && b.sut().processes() > 0) {
            // An interval whose first reading failed has no known start: its CPU is unknown, not all the server's so far.
            if (a.sut().processes() > 0) {
                long cpu = b.sut().cpuMillis() - a.sut().cpuMillis();
                if (target.sutReader() == null) {
                    // a server on another host uses that host's CPUs: none of this machine's busy time is its
                    ours += cpu;
                }
                v.put(ResourceSample.SUT_CPU, percent(cpu, seconds));
            }
            v.put(ResourceSample.SUT_RSS, round(b.sut().rssBytes() / (1024.0 * 1024)));
            v.put(ResourceSample.SUT_THREADS, (double) b.sut().threads());
        }
        for (JvmMetric m : JvmMetric.values()) {
            Double now = b.jvm().get(m);
            Double before = a.jvm().get(m);
            if (now != null && (!m.counter() || before != null)) {
                v.put(m.key(), round(m.counter() ? now - before : now));
            }
        }
        for (var e : b.servicesCpuMillis().entrySet()) {
            Long before = a.servicesCpuMillis().get(e.getKey());
            if (e.getValue() == null || before == null) {
                continue;
            }
            long cpu = Math.max(0, e.getValue() - before);
            if (!target.serviceReaders().containsKey(e.getKey())) {
                ours += cpu;
            }
            v.put(ResourceSample.serviceCpu(e.getKey()), percent(cpu, seconds));
        }
        long driver = b.driver().cpuMillis() - a.driver().cpuMillis();
        ours += driver;
        v.put(ResourceSample.DRIVER_CPU, percent(driver, seconds));
        long busy = b.ticks().busyMillis() - a.ticks().busyMillis();
        v.put(ResourceSample.OTHER_CPU, percent(Math.max(0, busy - ours), seconds));
        v.put(ResourceSample.STEAL, percent(b.ticks().stealMillis() - a.ticks().stealMillis(), seconds));
        Long sutStealBefore = target.sutCpus().isEmpty() ? null : a.ticks().stealMillis(target.sutCpus());
        Long sutStealAfter = target.sutCpus().isEmpty() ? null : b.ticks().stealMillis(target.sutCpus());
        if (sutStealBefore != null && sutStealAfter != null) {
            v.put(ResourceSample.SUT_STEAL, percent(sutStealAfter - sutStealBefore, seconds));
        }
        if (b.memoryNanos() != null) {
            v.put(ResourceSample.MEMORY_NS, round(b.memoryNanos()));
        }
        return v;
    }

    private static double percent(long cpuMillis, double seconds) {
        return seconds <= 0 ? 0 : round(cpuMillis / (seconds * 10));
    }

    static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
