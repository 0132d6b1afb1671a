package dev.concurrencylab.services;

import java.util.List;
import java.util.Map;

/** A real server the apps under test depend on, running for the length of a run. */
public interface BackingService extends AutoCloseable {

    /** {@code postgresql}, {@code kafka}, {@code rabbitmq} or {@code redis}. */
    String name();

    /** What actually runs, e.g. {@code PostgreSQL 15.18 (system)}; recorded in the results. */
    String version();

    /** The Spring Boot properties that point an app at this service. */
    Map<String, String> springProperties();

    /** Processes to watch (for CPU accounting); empty when the service runs elsewhere. */
    List<Long> pids();

    /** The last lines of its log, on one line; empty when the service runs elsewhere. */
    default String logTail(int lines) {
        return "";
    }

    /** False once a process the lab started for it has ended. */
    default boolean alive() {
        return pids().stream().allMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    @Override
    void close();
}
