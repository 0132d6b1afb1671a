package dev.concurrencylab.lab.monitor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.nativefree.SystemInfo;
import oshi.util.driver.linux.proc.Auxv;
import oshi.util.driver.linux.proc.ProcessStat;
import oshi.util.driver.linux.proc.ProcessStat.PidStat;
import oshi.util.tuples.Triplet;

/**
 * Process and machine CPU figures from the OS, through OSHI's native-free Linux drivers. The only
 * class that imports OSHI.
 *
 * <p>Each process is read from its one {@code /proc/PID/stat} through OSHI's {@code ProcessStat},
 * not through {@code OperatingSystem.getProcess}: read once a second, the full process object
 * (user names, I/O, command line, ...) cost some 100 ms of CPU a call, 10 % of a core.
 */
public final class ProcessMetrics implements ProcessReader {

    /** Cumulative CPU time and current size of a process; {@code processes} is 0 once it has gone. */
    public record Usage(long cpuMillis, long rssBytes, int threads, int processes) {

        public static final Usage NONE = new Usage(0, 0, 0, 0);

        public Usage plus(Usage other) {
            return new Usage(cpuMillis + other.cpuMillis, rssBytes + other.rssBytes, threads + other.threads, processes + other.processes);
        }
    }

    /**
     * Cumulative CPU time of the whole machine, summed over its CPUs, and the steal of each online CPU
     * keyed by its number (as {@code taskset} and {@code /sys/devices/system/cpu} name it): the server's
     * own CPUs lose time to the host apart from the driver's.
     */
    public record Ticks(long busyMillis, long stealMillis, Map<Integer, Long> stealMillisByCpu) {

        /** Steal so far on these CPUs; {@code null} when one of them is not online. */
        public Long stealMillis(List<Integer> cpus) {
            long sum = 0;
            for (int c : cpus) {
                Long steal = stealMillisByCpu.get(c);
                if (steal == null) {
                    return null;
                }
                sum += steal;
            }
            return sum;
        }
    }

    private final CentralProcessor cpu;
    private final long ticksPerSecond;
    private final long pageSize;

    public ProcessMetrics() {
        this.cpu = new SystemInfo().getHardware().getProcessor();
        Map<Integer, Long> auxv = Auxv.queryAuxv(ByteBuffer::getLong);
        this.ticksPerSecond = auxv.getOrDefault(Auxv.AT_CLKTCK, 100L);
        this.pageSize = auxv.getOrDefault(Auxv.AT_PAGESZ, 4096L);
    }

    @Override
    public Usage usage(long pid) {
        Triplet<String, Character, Map<PidStat, Long>> stat = ProcessStat.getPidStats((int) pid);
        if (stat == null || stat.getC() == null || stat.getC().isEmpty()) {
            return Usage.NONE;
        }
        Map<PidStat, Long> s = stat.getC();
        long ticks = s.getOrDefault(PidStat.UTIME, 0L) + s.getOrDefault(PidStat.STIME, 0L);
        return new Usage(ticks * 1000 / ticksPerSecond, s.getOrDefault(PidStat.RSS, 0L) * pageSize,
                s.getOrDefault(PidStat.NUM_THREADS, 0L).intValue(), 1);
    }

    /**
     * Context switches so far of every thread of a process, voluntary and not, from
     * {@code /proc/PID/task/TID/status}; {@code -1} where the system has no such files.
     */
    @Override
    public long contextSwitches(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        long total = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                try {
                    for (String line : Files.readAllLines(thread.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:") || line.startsWith("nonvoluntary_ctxt_switches:")) {
                            total += Long.parseLong(line.substring(line.indexOf(':') + 1).strip());
                        }
                    }
                } catch (IOException | NumberFormatException e) {
                    // A thread that ended between listing and reading has nothing left to count.
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return total;
    }

    /**
     * A process and every process below it, added up: database backends, broker workers, the
     * workers of a server given by URL (nginx's master holds the port, its workers do the work).
     */
    @Override
    public Usage treeUsage(long pid) {
        Usage root = usage(pid);
        return root.processes() == 0 ? root
                : ProcessHandle.of(pid).map(p -> p.descendants().map(d -> usage(d.pid())).reduce(root, Usage::plus)).orElse(root);
    }

    public Ticks ticks() {
        long[] t = cpu.getSystemCpuLoadTicks();
        long busy = t[TickType.USER.getIndex()] + t[TickType.NICE.getIndex()] + t[TickType.SYSTEM.getIndex()]
                + t[TickType.IRQ.getIndex()] + t[TickType.SOFTIRQ.getIndex()];
        // /proc/stat lists online CPUs only, in the order OSHI's logical processors come: with one offline, the i-th
        // line is not CPU i, so each is keyed by the number the kernel gives it.
        long[][] byIndex = cpu.getProcessorCpuLoadTicks();
        List<CentralProcessor.LogicalProcessor> logical = cpu.getLogicalProcessors();
        Map<Integer, Long> byCpu = new TreeMap<>();
        for (int i = 0; i < byIndex.length; i++) {
            int number = logical.size() == byIndex.length ? logical.get(i).getProcessorNumber() : i;
            byCpu.put(number, byIndex[i][TickType.STEAL.getIndex()]);
        }
        return new Ticks(busy, t[TickType.STEAL.getIndex()], Collections.unmodifiableMap(byCpu));
    }

    public long currentPid() {
        return ProcessHandle.current().pid();
    }
}
