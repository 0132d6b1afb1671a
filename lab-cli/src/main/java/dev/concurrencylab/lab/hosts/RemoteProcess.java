package dev.concurrencylab.lab.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A process the lab started on another host, in a process group of its own, held by a watchdog:
 * a small shell on the host whose standard input is the lab's session. When the session ends —
 * the lab stopped it, exited, was killed, or lost the network — the shell reads end-of-file and
 * ends the whole group (TERM, then KILL). Nothing the lab starts on a host outlives its session.
 */
public final class RemoteProcess implements AutoCloseable {

    private final HostSpec host;
    private final Process session;
    private final OutputStream control;
    private final long pid;

    private RemoteProcess(HostSpec host, Process session, long pid) {
        this.host = host;
        this.session = session;
        this.control = session.getOutputStream();
        this.pid = pid;
    }

    /**
     * Starts {@code shellCommand} on the host with its output in {@code remoteLog}.
     *
     * @throws HostException when it cannot be started or the host does not answer
     */
    public static RemoteProcess start(Ssh ssh, String name, String shellCommand, String remoteLog) {
        String script = "setsid sh -c " + Ssh.quote("exec " + shellCommand) + " > " + Ssh.quote(remoteLog) + " 2>&1 < /dev/null &\n"
                + "pid=$!\n"
                + "echo \"pid $pid\"\n"
                // the watchdog: this shell's input is the lab's session; 'stop' or its end ends the group
                + "while read -r line; do [ \"$line\" = stop ] && break; done\n"
                // the leader first, so a launcher stops what it started in its own order (a broker before its
                // epmd: stopped together, the broker's VM started a daemon epmd that escaped the group)
                + "kill -TERM $pid 2>/dev/null\n"
                + "i=0; while [ -e /proc/$pid ] && ! grep -q '^State:[[:space:]]*Z' /proc/$pid/status 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done\n"
                // then the rest of the group; "kill -SIG -PGID" (dash, Debian's sh, takes no "--" here)
                + "kill -TERM -$pid 2>/dev/null\n"
                + "i=0; while kill -0 -$pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done\n"
                + "kill -KILL -$pid 2>/dev/null\n"
                + "wait $pid 2>/dev/null\n"
                + "echo stopped\n";
        Process session = ssh.session(name, "sh -c " + Ssh.quote(script));
        BufferedReader out = new BufferedReader(new InputStreamReader(session.getInputStream(), StandardCharsets.UTF_8));
        try {
            String first = out.readLine();
            if (first == null || !first.startsWith("pid ")) {
                session.destroyForcibly();
                throw new HostException("host " + ssh.host().name() + ": " + name + " could not be started"
                        + (first == null ? " (the session ended)" : ": " + first));
            }
            return new RemoteProcess(ssh.host(), session, Long.parseLong(first.substring(4).strip()));
        } catch (IOException e) {
            session.destroyForcibly();
            throw new HostException("host " + ssh.host().name() + ": " + name + ": session lost: " + e.getMessage());
        }
    }

    /** One word of a command line, quoted for the host's shell. */
    public static String quote(String word) {
        return Ssh.quote(word);
    }

    /** Its PID on the host, which is also its process group. */
    public long pid() {
        return pid;
    }

    public HostSpec host() {
        return host;
    }

    /** The session, and so the watchdog, is still there. */
    public boolean sessionAlive() {
        return session.isAlive();
    }

    /** Ends the process on the host (TERM to it, up to 10 s, then TERM to its group, KILL after 5 s) and waits for the watchdog to say so. */
    @Override
    public void close() {
        try {
            control.write("stop\n".getBytes(StandardCharsets.UTF_8));
            control.flush();
            if (session.waitFor(25, TimeUnit.SECONDS)) {
                return;
            }
        } catch (IOException e) {
            // the session is gone already: the watchdog has read end-of-file and ended the group
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        session.destroyForcibly();
        try {
            session.waitFor(Duration.ofSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
