package dev.concurrencylab.lab.sut;

import dev.concurrencylab.lab.monitor.Affinity;
import dev.concurrencylab.services.ChildProcess;
import java.net.URI;
import java.time.Duration;
import java.util.OptionalLong;

/** A server under test that answers: one the lab started (and will stop), or one given by URL. */
public final class RunningSut implements AutoCloseable {

    private final URI uri;
    private final ChildProcess process;
    private final Long startupMillis;
    private final String cpus;
    private volatile boolean pinned;

    RunningSut(URI uri, ChildProcess process, Long startupMillis, String cpus) {
        this.uri = uri;
        this.process = process;
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

    public OptionalLong pid() {
        return process == null ? OptionalLong.empty() : OptionalLong.of(process.pid());
    }

    public boolean isAlive() {
        return process == null || process.isAlive();
    }

    public String logTail(int lines) {
        return process == null ? "(not started by the lab)" : process.logTail(lines);
    }

    @Override
    public void close() {
        if (process != null) {
            process.stop(Duration.ofSeconds(10));
        }
    }
}
