package dev.concurrencylab.lab.monitor;

/**
 * Where a process's figures are read: this machine's {@code /proc} ({@link ProcessMetrics}), or
 * another host's, read through the lab's session with it.
 */
public interface ProcessReader {

    /** The process, or {@link ProcessMetrics.Usage#NONE} when it has gone or could not be read: its figures are then unknown. */
    ProcessMetrics.Usage usage(long pid);

    /** The process and every process below it, added up. */
    ProcessMetrics.Usage treeUsage(long pid);

    /** Context switches so far of every thread of the process; {@code -1} where they cannot be read. */
    long contextSwitches(long pid);
}
