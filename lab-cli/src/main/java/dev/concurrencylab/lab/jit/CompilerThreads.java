package dev.concurrencylab.lab.jit;

import dev.concurrencylab.lab.cpu.Affinity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A HotSpot JVM's JIT compiler threads ({@code C1 CompilerThre…}, {@code C2 CompilerThre…}), seen
 * by the kernel: how long they wanted a CPU and how urgently they get one.
 *
 * <p>What they <em>wanted</em> is their time on a CPU plus their time runnable in the run queue
 * ({@code /proc/PID/task/TID/schedstat}). The JVM's own compile counters count a compilation only
 * when it ends, so a long C2 compile starved of CPU looks like a quiet JIT; the kernel sees it
 * waiting. Reading costs the server nothing: no request, no attach, no safepoint.
 *
 * <p>Their <em>priority</em>: on a server pinned to one CPU, two compiler threads share it with
 * every busy request thread — a fair share of 1/33 beside 32 busy Tomcat threads. Measured on
 * mvc-platform {@code /hello} (32 closed workers, one server CPU): the compiler threads sat runnable
 * but waiting for 70–100 % of every second for the whole warm-up and window, and six launches
 * measured 5,393–29,314 req/s, four of them still compiling at the 30 s maximum; with the compiler
 * threads at nice −10 during warm-up, six launches were steady after 14–17 s at 39,550–42,492 req/s.
 * On a machine with spare cores the JIT compiles beside the load; raising its priority during
 * warm-up gives the one-CPU server the same steady state, and the window runs at the JVM's own
 * priorities again. Where the lab pinned the server, the compiler threads may also use the
 * driver's CPU through the warm-up ({@link #allow}): a priority still shares the server's one CPU
 * with its request threads (E3's {@code saved-1x}: mvc-platform compiling 4–5 s of every 5 at the
 * 120 s bound), while a second CPU lets C2 compile beside the load, as on a machine with spare cores.
 */
public final class CompilerThreads {

    /** The nice value compiler threads get during warm-up: about nine times the weight of a nice-0 thread. */
    static final int WARM_UP_NICE = -10;
    private static final int CAP_SYS_NICE = 23;
    static final String NO_RENICE = "renice not found (apt-get install bsdutils)";
    private static final String NO_CAPABILITY = "raising a thread's priority needs root or CAP_SYS_NICE";

    private final long pid;
    private final TaskFiles tasks;
    /** Per thread ever seen: run + wait nanoseconds, so a thread that ends keeps counting what it used. */
    private final Map<Long, Long> demand = new HashMap<>();
    /** Threads raised, with the nice value each had before. */
    private final Map<Long, Integer> raised = new HashMap<>();
    private String problem;
    /** The CPUs {@link #allow} was refused, and why. */
    private String refusedCpus;
    private String refusal;

    private CompilerThreads(long pid, TaskFiles tasks) {
        this.pid = pid;
        this.tasks = tasks;
    }

    /** The compiler threads of the process {@code pid} here, or empty when the kernel does not say (not Linux, no schedstat). */
    public static Optional<CompilerThreads> of(long pid) {
        if (!Files.isReadable(Path.of("/proc", Long.toString(pid), "schedstat"))) {
            return Optional.empty();
        }
        return Optional.of(new CompilerThreads(pid, TaskFiles.local()));
    }

    /** The compiler threads of the process {@code pid} on the machine {@code tasks} reads. */
    public static CompilerThreads of(long pid, TaskFiles tasks) {
        return new CompilerThreads(pid, tasks);
    }

    /**
     * Why the lab cannot raise threads' priority here, or empty when it can: {@code renice} must
     * exist and the lab must hold CAP_SYS_NICE (root has it), read from {@code /proc/self/status}.
     */
    public static Optional<String> unavailable() {
        if (!Files.isExecutable(LocalTasks.RENICE)) {
            return Optional.of(NO_RENICE);
        }
        try {
            Optional<String> capabilities = Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("CapEff:")).findFirst();
            if (capabilities.isPresent() && (Long.parseUnsignedLong(capabilities.get().substring(7).trim(), 16) & (1L << CAP_SYS_NICE)) == 0) {
                return Optional.of(NO_CAPABILITY);
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or a kernel that does not say: let renice tell
        }
        return Optional.empty();
    }

    /** Milliseconds the compiler threads have been on a CPU or waiting for one, since the process started. */
    public synchronized double demandMillis() {
        for (long tid : current()) {
            read(tid, "schedstat").ifPresent(s -> {
                String[] f = s.trim().split("\\s+");
                demand.put(tid, Long.parseLong(f[0]) + Long.parseLong(f[1]));
            });
        }
        return demand.values().stream().mapToLong(Long::longValue).sum() / 1e6;
    }

    /**
     * Raises every compiler thread not yet raised to {@link #WARM_UP_NICE}; call again to catch
     * threads the JVM starts later. Needs root or CAP_SYS_NICE.
     *
     * @return why they could not be raised, or empty
     */
    public synchronized Optional<String> raise() {
        if (problem != null) {
            return Optional.of(problem);
        }
        List<Long> fresh = current().stream().filter(t -> !raised.containsKey(t)).toList();
        for (long tid : fresh) {
            read(tid, "stat").ifPresent(s -> raised.put(tid, nice(s)));
        }
        if (!fresh.isEmpty()) {
            problem = renice(WARM_UP_NICE, fresh).orElse(null);
        }
        return Optional.ofNullable(problem);
    }

    /** Puts every raised thread still alive back to the nice value it had. */
    public synchronized void restore() {
        Map<Integer, List<Long>> byNice = new HashMap<>();
        List<Long> alive = current();
        raised.forEach((tid, nice) -> {
            if (alive.contains(tid)) {
                byNice.computeIfAbsent(nice, n -> new ArrayList<>()).add(tid);
            }
        });
        byNice.forEach(this::renice);
        raised.clear();
    }

    /**
     * Lets every compiler thread run on these CPUs, on this machine's servers only; call again to
     * catch threads the JVM starts later, or that the server's own pinning moved back. A thread
     * already allowed exactly these CPUs is left alone ({@code Cpus_allowed_list} of its {@code status}).
     *
     * @return why they could not be moved, or empty
     */
    public synchronized Optional<String> allow(String cpus) {
        // Thread ids read on another host name other threads here: never pin them, whoever asks.
        if (tasks != TaskFiles.local()) {
            return Optional.of("the compiler threads of a server on another host stay on its CPUs");
        }
        // A refusal (no taskset, no right to it) holds for these CPUs: the warm-up asks every second and is not
        // retried. Other CPUs are still tried, so the window's move back follows even a warm-up's partial move.
        if (cpus.equals(refusedCpus)) {
            return Optional.of(refusal);
        }
        List<Long> moving = current().stream().filter(tid -> read(tid, "status").flatMap(CompilerThreads::allowedCpus)
                .map(allowed -> !Affinity.sameCpus(allowed, cpus)).orElse(false)).toList();
        try {
            Affinity.pinThreads(moving, cpus);
            return Optional.empty();
        } catch (IllegalStateException e) {
            // A thread that ended between listing and moving is no problem; the next call lists again.
            if (e.getMessage().contains("No such process")) {
                return Optional.empty();
            }
            refusedCpus = cpus;
            refusal = e.getMessage();
            return Optional.of(refusal);
        }
    }

    /** The {@code Cpus_allowed_list} of a thread's {@code status}. */
    static Optional<String> allowedCpus(String status) {
        return status.lines().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst()
                .map(l -> l.substring("Cpus_allowed_list:".length()).trim());
    }

    /** The nice value of a thread, read from its {@code stat} line. */
    static int nice(String stat) {
        // Fields after the command name, which may hold spaces and ends at the last ')': state is field 3, nice field 19.
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(f[16]);
    }

    private List<Long> current() {
        return tasks.threadsNamed(pid, "CompilerThre");
    }

    private Optional<String> read(long tid, String file) {
        return tasks.read(pid, tid, file);
    }

    private Optional<String> renice(int nice, List<Long> tids) {
        TaskFiles.Reniced r = tasks.renice(nice, tids);
        if (r.exit() == 0) {
            return Optional.empty();
        }
        if (r.exit() < 0) {
            return Optional.of(r.output());
        }
        if (r.output().contains("ermission")) {
            return Optional.of(NO_CAPABILITY);
        }
        // A thread that ended between listing and renicing is no problem; anything else is.
        return r.output().lines().allMatch(l -> l.contains("No such process")) ? Optional.empty() : Optional.of(r.output().strip());
    }
}
