package dev.concurrencylab.services;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A real server the apps under test depend on, running for the length of a run. */
public interface BackingService extends AutoCloseable {

    /** {@code postgresql}, {@code kafka}, {@code rabbitmq} or {@code redis}. */
    String name();

    /** What actually runs, e.g. {@code PostgreSQL 15.18 (system)}; recorded in the results. */
    String version();

    /** The Spring Boot properties that point an app at this service. */
    Map<String, String> springProperties();

    /** The processes the lab started for it, its server first; empty when it runs elsewhere. */
    default List<ChildProcess> processes() {
        return List.of();
    }

    /** Processes to watch (for CPU accounting); empty when the service runs elsewhere. */
    default List<Long> pids() {
        return processes().stream().map(ChildProcess::pid).toList();
    }

    /** The last lines of its server's log, on one line; empty when the service runs elsewhere. */
    default String logTail(int lines) {
        return processes().isEmpty() ? "" : processes().getFirst().logTail(lines);
    }

    /**
     * How the first of its processes to end ended (e.g. {@code exit 137}), once one has; empty while
     * all run, or when it runs elsewhere. Read from the exit status the JDK reaped, never from
     * {@code /proc}: a lab out of file descriptors cannot look there, and must not take
     * "I could not look" for "it died".
     */
    default Optional<String> ended() {
        return processes().stream().filter(p -> !p.isAlive()).findFirst().map(p -> "exit " + p.exitStatus());
    }

    default boolean alive() {
        return ended().isEmpty();
    }

    /** Stops what the lab started, in order; a service run elsewhere is not the lab's to stop. */
    @Override
    default void close() {
        processes().forEach(ChildProcess::close);
    }
}
