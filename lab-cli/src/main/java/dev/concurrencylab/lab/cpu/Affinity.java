package dev.concurrencylab.lab.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Pins processes to CPUs with util-linux {@code taskset}: new servers through a command prefix,
 * running ones (the lab itself, databases, brokers) with all their threads and child processes.
 */
public final class Affinity {

    private static final List<Path> DIRS = List.of(Path.of("/usr/bin"), Path.of("/bin"), Path.of("/usr/local/bin"));

    private Affinity() {
    }

    /** The CPUs this process may run on, in order; all of them when the OS does not say. */
    public static List<Integer> allowedCpus() {
        try {
            Optional<String> line = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst();
            if (line.isPresent()) {
                return CpuLayout.parseList(line.get().substring("Cpus_allowed_list:".length()).trim(), "allowed");
            }
        } catch (IOException | IllegalArgumentException e) {
            // not Linux: fall through
        }
        return Stream.iterate(0, i -> i + 1).limit(Runtime.getRuntime().availableProcessors()).toList();
    }

    /** Why pinning cannot work here, or empty when it can. */
    public static Optional<String> unavailable() {
        if (!System.getProperty("os.name", "").toLowerCase().contains("linux")) {
            return Optional.of("not pinned: CPU pinning needs Linux");
        }
        if (taskset().isEmpty()) {
            return Optional.of("not pinned: taskset not found (apt-get install util-linux)");
        }
        return Optional.empty();
    }

    /** Prepended to a command so the process starts on these CPUs (not on those of the thread starting it). */
    public static List<String> prefix(String cpus) {
        return List.of(taskset().orElseThrow().toString(), "--cpu-list", cpus);
    }

    /** How many CPUs a list such as {@code 0,2-3} names. */
    public static int count(String cpus) {
        return CpuLayout.parseList(cpus, cpus).size();
    }

    /** Pins a running process, every thread of it and every process it started. */
    public static void pinTree(long pid, String cpus) {
        List<Long> pids = new ArrayList<>();
        pids.add(pid);
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> pids.add(d.pid())));
        for (long p : pids) {
            run(List.of(taskset().orElseThrow().toString(), "--all-tasks", "--cpu-list", "--pid", cpus, Long.toString(p)));
        }
    }

    /** Moves threads of a running process, and only them, onto these CPUs. */
    public static void pinThreads(List<Long> tids, String cpus) {
        for (long tid : tids) {
            run(List.of(taskset().orElseThrow().toString(), "--cpu-list", "--pid", cpus, Long.toString(tid)));
        }
    }

    /** Whether two CPU lists ({@code 0-1}, {@code 0,1}) name the same CPUs. */
    public static boolean sameCpus(String a, String b) {
        return new TreeSet<>(CpuLayout.parseList(a, a)).equals(new TreeSet<>(CpuLayout.parseList(b, b)));
    }

    private static void run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes()).trim();
            if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("could not pin (" + String.join(" ", command) + "): "
                        + (output.contains("not permitted")
                        ? "not permitted: pinning another user's process (e.g. PostgreSQL's) needs root or CAP_SYS_NICE; --cpus off runs unpinned"
                        : output));
            }
        } catch (IOException e) {
            throw new IllegalStateException("could not pin: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pinning", e);
        }
    }

    private static Optional<Path> taskset() {
        return DIRS.stream().map(d -> d.resolve("taskset")).filter(Files::isExecutable).findFirst();
    }
}
