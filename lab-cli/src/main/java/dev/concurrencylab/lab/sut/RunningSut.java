package dev.concurrencylab.lab.sut;

import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.hosts.RemoteProcess;
import dev.concurrencylab.lab.hosts.ServerHost;
import dev.concurrencylab.lab.jit.TaskFiles;
import dev.concurrencylab.lab.monitor.ProcessReader;
import dev.concurrencylab.services.ChildProcess;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A server under test that answers: one the lab started (and will stop), or one given by URL. A
 * URL server listening on this machine is found by its port and watched like the lab's own (CPU,
 * memory, threads, its death), but never stopped.
 */
public final class RunningSut implements AutoCloseable {

    private final URI uri;
    private final ChildProcess process;
    private final OnHost remote;
    private final Long foundPid;
    private final Long startupMillis;
    private final String cpus;
    private volatile boolean pinned;

    /** A server the lab started on another host: its process there, read through the host's session. */
    record OnHost(ServerHost host, RemoteProcess process, String log) {
    }

    RunningSut(URI uri, ChildProcess process, Long startupMillis, String cpus) {
        this(uri, process, null, null, startupMillis, cpus);
    }

    RunningSut(URI uri, OnHost remote, Long startupMillis) {
        this(uri, null, remote, null, startupMillis, remote.host().cpus());
    }

    /** A server given by URL; {@code foundPid} is the local process listening on its port, or {@code null}. */
    static RunningSut external(URI uri, Long foundPid) {
        return new RunningSut(uri, null, null, foundPid, null, null);
    }

    private RunningSut(URI uri, ChildProcess process, OnHost remote, Long foundPid, Long startupMillis, String cpus) {
        this.uri = uri;
        this.process = process;
        this.remote = remote;
        this.foundPid = foundPid;
        this.startupMillis = startupMillis;
        this.cpus = cpus;
    }

    /** Moves the server, every thread of it, onto its own CPUs; once, as its first load begins. */
    public void pinForMeasurement() {
        if (cpus != null && !pinned && process != null && process.isAlive()) {
            Affinity.pinTree(process.pid(), cpus);
            pinned = true;
        }
    }

    public URI uri() {
        return uri;
    }

    /** Process start to first good answer; empty for a server the lab did not start. */
    public OptionalLong startupMillis() {
        return startupMillis == null ? OptionalLong.empty() : OptionalLong.of(startupMillis);
    }

    /**
     * The server's process on this machine: the one the lab started, or the one found listening on a
     * URL server's port. Empty for a server on another host, whose PID means nothing here.
     */
    public OptionalLong pid() {
        return process != null ? OptionalLong.of(process.pid()) : foundPid != null ? OptionalLong.of(foundPid) : OptionalLong.empty();
    }

    /** True for a server the lab started, here or on a host, whose scheduling the lab may change; a URL server is only watched. */
    public boolean startedByLab() {
        return process != null || remote != null;
    }

    /** For a server on another host: its PID there and the reader of that host's {@code /proc}. */
    public Optional<Remote> remote() {
        return remote == null ? Optional.empty()
                : Optional.of(new Remote(remote.host().spec().name(), remote.process().pid(), remote.host().proc(), remote.host().proc()));
    }

    /** Where a server on another host runs, as the monitor and the JIT's priority read it. */
    public record Remote(String host, long pid, ProcessReader reader, TaskFiles tasks) {
    }

    /**
     * A server the lab started is alive until the JDK reaps its exit; one found by its port until its
     * {@code /proc} entry is gone. Both ways open no file: a driver out of descriptors must not see a
     * live server as dead ({@code ProcessHandle.of} reads {@code /proc/PID/stat}, and says "no such
     * process" when it cannot open it).
     */
    public boolean isAlive() {
        if (remote != null) {
            try {
                return remote.process().sessionAlive() && remote.host().proc().exists(remote.process().pid());
            } catch (dev.concurrencylab.lab.hosts.HostException e) {
                return false;
            }
        }
        if (process != null) {
            return process.isAlive();
        }
        return foundPid == null || java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc", Long.toString(foundPid)));
    }

    /** The host whose connection was lost, when this server ran on one: its watchdog there has ended the server. */
    public Optional<String> lostHost() {
        return remote != null && !remote.process().sessionAlive() ? Optional.of(remote.host().spec().name()) : Optional.empty();
    }

    public String logTail(int lines) {
        if (remote != null) {
            return remote.host().tail(remote.log(), lines);
        }
        return process == null ? "(not started by the lab)" : process.logTail(lines);
    }

    @Override
    public void close() {
        if (remote != null) {
            remote.process().close();
        }
        if (process != null) {
            process.stop(Duration.ofSeconds(10));
        }
    }
}
