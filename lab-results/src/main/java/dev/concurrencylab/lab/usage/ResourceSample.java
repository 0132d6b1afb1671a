package dev.concurrencylab.lab.usage;

import java.util.Map;

/**
 * One interval of the measured window (about a second; the last may be shorter).
 *
 * @param t       seconds from the window's start to this interval's end
 * @param seconds the interval's length
 * @param values  figure name → value: CPU as percent of one core over the interval; RSS, heap and
 *                threads as read at its end; GC and other counters as their change over it
 */
public record ResourceSample(double t, double seconds, Map<String, Double> values) {

    public static final String SUT_CPU = "sut.cpu.percent";
    public static final String SUT_RSS = "sut.rss.mb";
    public static final String SUT_THREADS = "sut.threads";
    public static final String DRIVER_CPU = "driver.cpu.percent";
    /** CPU used by every process the lab did not start; the machine's own noise. */
    public static final String OTHER_CPU = "other.cpu.percent";
    /** CPU time the hypervisor gave to other guests, where the kernel reports it. */
    public static final String STEAL = "steal.percent";
    /** The part of it taken on the CPUs the server is pinned to, where the lab pinned a server of this machine. */
    public static final String SUT_STEAL = "sut.steal.percent";
    /** Nanoseconds per load of a chase through memory on the driver's CPU, timed at the interval's end: the machine's pace. */
    public static final String MEMORY_NS = "machine.memory.ns";

    /** CPU of one backing service with all its processes, e.g. {@code postgresql.cpu.percent}. */
    public static String serviceCpu(String service) {
        return service + ".cpu.percent";
    }
}
