package dev.concurrencylab.lab.jit;

import java.util.List;
import java.util.Optional;

/**
 * A process's threads as the kernel of its machine shows them ({@code /proc/PID/task}), and their
 * priority: this machine's ({@link #local()}), or another host's through the lab's session with it.
 */
public interface TaskFiles {

    /** The threads whose name ({@code comm}) contains {@code name}; empty once the process has ended. */
    List<Long> threadsNamed(long pid, String name);

    /** {@code /proc/PID/task/TID/FILE}, or empty when the thread has ended. */
    Optional<String> read(long pid, long tid, String file);

    /**
     * Sets the threads' nice value.
     *
     * @return the exit status and output of {@code renice}, for {@link CompilerThreads} to judge
     */
    Reniced renice(int nice, List<Long> tids);

    /** What {@code renice} said; exit -1 when it could not be run at all. */
    record Reniced(int exit, String output) {
    }

    static TaskFiles local() {
        return LocalTasks.INSTANCE;
    }
}
