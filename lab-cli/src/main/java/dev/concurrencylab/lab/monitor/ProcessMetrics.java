package dev.concurrencylab.lab.monitor;

import java.util.List;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.nativefree.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * Process and machine CPU figures from the OS, through OSHI (its native-free build, which reads
 * {@code /proc} on Linux). The only class that imports OSHI.
 */
public final class ProcessMetrics {

    /** Cumulative CPU time and current size of a process, or of a process and its descendants. */
    public record Usage(long cpuMillis, long rssBytes, int threads, int processes) {

        static final Usage NONE = new Usage(0, 0, 0, 0);

        Usage plus(Usage o) {
            return new Usage(cpuMillis + o.cpuMillis, rssBytes + o.rssBytes, threads + o.threads, processes + o.processes);
        }
    }

    /** Cumulative CPU time of the whole machine, summed over its CPUs. */
    public record Ticks(long busyMillis, long stealMillis) {
    }

    private final OperatingSystem os;
    private final CentralProcessor cpu;

    public ProcessMetrics() {
        SystemInfo info = new SystemInfo();
        this.os = info.getOperatingSystem();
        this.cpu = info.getHardware().getProcessor();
    }

    /** The process, or {@link Usage#NONE} when it has gone. */
    public Usage usage(long pid) {
        OSProcess p = os.getProcess((int) pid);
        return p == null ? Usage.NONE : of(p);
    }

    /** The process and every process below it (database backends, broker workers). */
    public Usage treeUsage(long pid) {
        Usage total = usage(pid);
        if (total.processes() == 0) {
            return total;
        }
        // The JDK finds descendants in about a millisecond; OSHI's own search reads far more of /proc.
        for (long child : ProcessHandle.of(pid).map(p -> p.descendants().map(ProcessHandle::pid).toList()).orElse(List.of())) {
            total = total.plus(usage(child));
        }
        return total;
    }

    public Ticks ticks() {
        long[] t = cpu.getSystemCpuLoadTicks();
        long busy = t[TickType.USER.getIndex()] + t[TickType.NICE.getIndex()] + t[TickType.SYSTEM.getIndex()]
                + t[TickType.IRQ.getIndex()] + t[TickType.SOFTIRQ.getIndex()];
        return new Ticks(busy, t[TickType.STEAL.getIndex()]);
    }

    public long currentPid() {
        return os.getProcessId();
    }

    private static Usage of(OSProcess p) {
        return new Usage(p.getUserTime() + p.getKernelTime(), p.getResidentMemory(), p.getThreadCount(), 1);
    }
}
