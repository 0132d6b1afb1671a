package dev.concurrencylab.lab.hosts;

import dev.concurrencylab.services.ChildProcess;
import dev.concurrencylab.services.ServiceException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One host over OpenSSH: a control master opened once (so no command pays for a new connection),
 * commands run through it, files copied and checked, and long-lived sessions. The master is the
 * lab's child and dies with it; when it dies every session on it ends, and what the lab started
 * on the host ends with its session ({@link RemoteProcess}).
 */
public final class Ssh implements AutoCloseable {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final HostSpec host;
    private final Path control;
    private final ChildProcess master;

    private Ssh(HostSpec host, Path control, ChildProcess master) {
        this.host = host;
        this.control = control;
        this.master = master;
    }

    /** What a command printed and how it ended. */
    public record Result(int exit, String out, String err) {

        public boolean ok() {
            return exit == 0;
        }
    }

    /**
     * Opens the control master and waits until it answers.
     *
     * @param dir a short folder for the control socket (its path must stay under 108 bytes) and the master's log
     * @throws HostException one line naming the host and OpenSSH's own reason
     */
    public static Ssh connect(HostSpec host, Path dir) {
        if (!Files.isExecutable(Path.of("/usr/bin/ssh"))) {
            throw new HostException("host " + host.name() + ": no ssh client here; install it with: apt-get install openssh-client");
        }
        Path control = dir.resolve(host.name() + ".ctl");
        Path log = dir.resolve(host.name() + "-ssh.log");
        List<String> command = new ArrayList<>(List.of("/usr/bin/ssh", "-M", "-N"));
        command.addAll(options(host, control));
        command.add(host.user() + "@" + host.address());
        ChildProcess master;
        try {
            Files.createDirectories(dir);
            // The folder is named after this JVM's PID; a lab killed with that PID before left its socket
            // here, and OpenSSH then refuses to be a master. No live process holds it: it is stale.
            Files.deleteIfExists(control);
            master = ChildProcess.start("ssh " + host.name(), command, java.util.Map.of(), log, null);
        } catch (IOException | ServiceException e) {
            throw new HostException("host " + host.name() + " (" + host.where() + "): cannot start ssh: " + e.getMessage());
        }
        Ssh ssh = new Ssh(host, control, master);
        long deadline = System.nanoTime() + CONNECT_TIMEOUT.toNanos();
        while (!ssh.check()) {
            if (!master.isAlive() || System.nanoTime() > deadline) {
                String why = master.logTail(3).strip().replace('\n', ' ');
                master.stop(Duration.ofSeconds(1));
                throw new HostException("host " + host.name() + " (" + host.where() + ") cannot be reached over SSH"
                        + (why.isEmpty() ? " within " + CONNECT_TIMEOUT.toSeconds() + " s" : ": " + why));
            }
            sleep(50);
        }
        return ssh;
    }

    public HostSpec host() {
        return host;
    }

    /** This machine's address on the route to a host. */
    public static String localAddressToward(HostSpec host) {
        try (java.net.DatagramSocket probe = new java.net.DatagramSocket()) {
            // connecting a UDP socket sends nothing; it only asks the kernel for the route
            probe.connect(java.net.InetAddress.getByName(host.address()), host.port());
            return probe.getLocalAddress().getHostAddress();
        } catch (IOException e) {
            throw new HostException("host " + host.name() + ": no route to " + host.address() + ": " + e.getMessage());
        }
    }

    /** Where this JVM keeps its control sockets: a short path (under 108 bytes), not inside a results directory that may be deep. */
    public static Path controlDir() {
        return Path.of(System.getProperty("java.io.tmpdir"), "lab-ssh-" + ProcessHandle.current().pid());
    }

    /** The master still holds its connection. */
    public boolean check() {
        try {
            Process p = new ProcessBuilder("/usr/bin/ssh", "-S", control.toString(), "-O", "check", host.user() + "@" + host.address())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Runs a shell command on the host and waits for it.
     *
     * @throws HostException when the connection is gone or the command outlives {@code timeout}
     */
    public Result run(String shellCommand, Duration timeout) {
        return run(shellCommand, null, timeout);
    }

    private Result run(String shellCommand, Path input, Duration timeout) {
        ProcessBuilder builder = new ProcessBuilder(client(shellCommand));
        if (input != null) {
            builder.redirectInput(input.toFile());
        }
        Process p;
        try {
            p = builder.start();
        } catch (IOException e) {
            throw new HostException("host " + host.name() + ": cannot run ssh: " + e.getMessage());
        }
        try {
            CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> readAll(p.getInputStream()));
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new HostException("host " + host.name() + ": '" + shellCommand + "' did not end within " + timeout.toSeconds() + " s");
            }
            Result r = new Result(p.exitValue(), new String(out.join(), StandardCharsets.UTF_8), new String(err.join(), StandardCharsets.UTF_8));
            if (r.exit() == 255) {
                throw new HostException("host " + host.name() + " (" + host.where() + "): connection lost: " + r.err().strip().lines().reduce((a, b) -> b).orElse(""));
            }
            return r;
        } catch (InterruptedException e) {
            // a wait on the host can last seconds: its client goes now, not when the host's command ends
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new HostException("host " + host.name() + ": interrupted");
        }
    }

    /**
     * Puts a file on the host unless a file with the same SHA-256 is already there, then checks
     * the copy's SHA-256.
     *
     * @return true when it was copied, false when the host already had it
     */
    public boolean copy(Path local, String remote) {
        String sum = sha256(local);
        String quoted = quote(remote);
        if (run("sha256sum " + quoted + " 2>/dev/null", Duration.ofMinutes(1)).out().startsWith(sum)) {
            return false;
        }
        // a part of its own: two labs on one host may put the same file at once, and one truncating the other's part failed its checksum
        String tmp = quote(remote + "." + Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong()) + ".part");
        Result r = run("mkdir -p \"$(dirname " + quoted + ")\" && cat > " + tmp + " && sha256sum " + tmp, local, Duration.ofMinutes(10));
        if (!r.ok() || !r.out().startsWith(sum)) {
            throw new HostException("host " + host.name() + ": copy of " + local.getFileName() + " to " + remote + " failed its checksum"
                    + (r.err().isBlank() ? "" : ": " + r.err().strip()));
        }
        run("mv " + tmp + " " + quoted, Duration.ofSeconds(30));
        return true;
    }

    /** Starts a long-lived session running {@code shellCommand}, its standard streams piped to the lab. */
    public Process session(String name, String shellCommand) {
        try {
            return ChildProcess.startPiped(name + " on " + host.name(), client(shellCommand));
        } catch (ServiceException e) {
            throw new HostException("host " + host.name() + ": " + e.getMessage());
        }
    }

    /** The ssh command line that runs {@code shellCommand} through the master. */
    private List<String> client(String shellCommand) {
        List<String> command = new ArrayList<>(List.of("/usr/bin/ssh", "-S", control.toString(), "-o", "ControlMaster=no", "-o", "BatchMode=yes",
                host.user() + "@" + host.address(), "--", shellCommand));
        return command;
    }

    private static List<String> options(HostSpec host, Path control) {
        List<String> o = new ArrayList<>(List.of("-S", control.toString(), "-p", Integer.toString(host.port()),
                "-i", host.key().toString(), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "PasswordAuthentication=no",
                "-o", "ConnectTimeout=" + CONNECT_TIMEOUT.toSeconds(),
                // a dead peer is noticed within ~6 s, so a trial on a host that dropped out fails instead of hanging
                "-o", "ServerAliveInterval=2", "-o", "ServerAliveCountMax=3"));
        if (host.knownHosts() != null) {
            o.addAll(List.of("-o", "UserKnownHostsFile=" + host.knownHosts(), "-o", "StrictHostKeyChecking=yes"));
        } else {
            o.addAll(List.of("-o", "StrictHostKeyChecking=accept-new"));
        }
        return o;
    }

    /** Single-quoted for the remote shell. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    static String sha256(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new HostException("cannot read " + file + ": " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] readAll(InputStream in) {
        try (in; ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            in.transferTo(out);
            return out.toByteArray();
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted");
        }
    }

    /** Ends the master, and with it every session on this host. */
    @Override
    public void close() {
        try {
            new ProcessBuilder("/usr/bin/ssh", "-S", control.toString(), "-O", "exit", host.user() + "@" + host.address())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // the master is stopped below either way
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        master.stop(Duration.ofSeconds(2));
    }
}
