package dev.concurrencylab.lab.hosts;

import dev.concurrencylab.lab.jit.TaskFiles;
import dev.concurrencylab.lab.monitor.ProcessMetrics;
import dev.concurrencylab.lab.monitor.ProcessReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A process on another host, read from that host's {@code /proc} through one long-lived session
 * ({@link RemoteFiles}): the same figures {@link ProcessMetrics} reads here, in the host's own
 * clock ticks and page size, and its threads, which the JIT's priority needs.
 */
public final class RemoteProcStat implements ProcessReader, TaskFiles, AutoCloseable {

    private final Ssh ssh;
    private final RemoteFiles files;
    private final long ticksPerSecond;
    private final long pageSize;

    private RemoteProcStat(Ssh ssh, RemoteFiles files, long ticksPerSecond, long pageSize) {
        this.ssh = ssh;
        this.files = files;
        this.ticksPerSecond = ticksPerSecond;
        this.pageSize = pageSize;
    }

    public static RemoteProcStat open(Ssh ssh) {
        String[] units = ssh.run("getconf CLK_TCK; getconf PAGESIZE", Duration.ofSeconds(10)).out().strip().split("\\s+");
        long ticks = units.length == 2 ? Long.parseLong(units[0]) : 100;
        long page = units.length == 2 ? Long.parseLong(units[1]) : 4096;
        return new RemoteProcStat(ssh, RemoteFiles.open(ssh), ticks, page);
    }

    @Override
    public ProcessMetrics.Usage usage(long pid) {
        return files.read("/proc/" + pid + "/stat").map(this::parse).orElse(ProcessMetrics.Usage.NONE);
    }

    /** {@code /proc/PID/stat}: fields after the command's closing parenthesis, counted from field 3 (the state). */
    ProcessMetrics.Usage parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).strip().split(" ");
        long ticks = Long.parseLong(f[14 - 3]) + Long.parseLong(f[15 - 3]);
        return new ProcessMetrics.Usage(ticks * 1000 / ticksPerSecond, Long.parseLong(f[24 - 3]) * pageSize, Integer.parseInt(f[20 - 3]), 1);
    }

    @Override
    public ProcessMetrics.Usage treeUsage(long pid) {
        ProcessMetrics.Usage total = usage(pid);
        if (total.processes() == 0) {
            return total;
        }
        Optional<String> children = files.read("/proc/" + pid + "/task/" + pid + "/children");
        for (String child : children.orElse("").strip().split("\\s+")) {
            if (!child.isEmpty()) {
                total = total.plus(treeUsage(Long.parseLong(child)));
            }
        }
        return total;
    }

    @Override
    public long contextSwitches(long pid) {
        long total = 0;
        boolean any = false;
        for (String line : files.each("/proc/" + pid + "/task/*/status").orElse("").lines().toList()) {
            // FILE:voluntary_ctxt_switches:\tN
            String field = line.substring(line.indexOf(':') + 1);
            if (field.startsWith("voluntary_ctxt_switches:") || field.startsWith("nonvoluntary_ctxt_switches:")) {
                total += Long.parseLong(field.substring(field.indexOf(':') + 1).strip());
                any = true;
            }
        }
        return any ? total : -1;
    }

    @Override
    public List<Long> threadsNamed(long pid, String name) {
        List<Long> tids = new ArrayList<>();
        String prefix = "/proc/" + pid + "/task/";
        for (String line : files.each(prefix + "*/comm").orElse("").lines().toList()) {
            int colon = line.indexOf(':');
            if (colon > prefix.length() && line.substring(colon + 1).contains(name)) {
                tids.add(Long.parseLong(line.substring(prefix.length(), line.indexOf('/', prefix.length()))));
            }
        }
        return tids;
    }

    @Override
    public Optional<String> read(long pid, long tid, String file) {
        return files.read("/proc/" + pid + "/task/" + tid + "/" + file);
    }

    @Override
    public Reniced renice(int nice, List<Long> tids) {
        StringBuilder command = new StringBuilder("renice -n " + nice + " -p");
        tids.forEach(t -> command.append(' ').append(t));
        Ssh.Result r = ssh.run(command + " 2>&1", Duration.ofSeconds(10));
        return new Reniced(r.exit() == 127 ? -1 : r.exit(), r.exit() == 127 ? "renice not found on " + ssh.host().name() : r.out().strip());
    }

    /** The host still has the process: its {@code /proc} entry is there. */
    public boolean exists(long pid) {
        return files.read("/proc/" + pid + "/stat").isPresent();
    }

    @Override
    public void close() {
        files.close();
    }
}
