package dev.concurrencylab.lab.hosts;

import dev.concurrencylab.services.ChildProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Machines for tests, made on this one: each "host" is a network namespace joined to this one by a
 * veth pair, with its own sshd that lets in one key. It shares this machine's files and processes
 * (so a test can see what runs "there" by PID) but not its network: the lab reaches it only over
 * SSH and TCP, as it would a real host. Needs root, {@code ip} and {@code sshd}.
 */
public final class NamespaceHosts implements AutoCloseable {

    private static final String PREFIX = "labns";
    private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "lab-test-namespaces.lock");
    private static final Pattern SUBNET = Pattern.compile("inet 10\\.250\\.(\\d+)\\.");
    /** Hosts made by this JVM so far: each gets its own number, so its names never meet a namespace being torn down. */
    private static final java.util.concurrent.atomic.AtomicInteger MADE = new java.util.concurrent.atomic.AtomicInteger();
    private static final Path FORWARDING = Path.of("/proc/sys/net/ipv4/ip_forward");
    /**
     * IP forwarding as it was before any test JVM turned it on, kept while one has hosts: a file, not a field, so that
     * what a killed JVM turned on goes back once no live JVM has hosts (the next to make hosts finds it).
     */
    private static final Path FORWARDING_BEFORE = Path.of(System.getProperty("java.io.tmpdir"), "lab-test-ip-forward-before");
    /** Instances of this JVM with hosts: IP forwarding goes back to what it was once the last of them closes. */
    private static int withHosts;

    private final Path dir;
    private final List<String> namespaces = new ArrayList<>();
    private final List<ChildProcess> daemons = new ArrayList<>();
    private final long pid = ProcessHandle.current().pid();
    private boolean forwards;

    public NamespaceHosts(Path dir) {
        this.dir = dir;
        removeStale();
    }

    /** Why these tests cannot run here, or null when they can. */
    public static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "the hosts tests make network namespaces, which takes root";
        }
        if (!Files.isExecutable(Path.of("/usr/sbin/sshd"))) {
            return "no sshd: install it with: apt-get install openssh-server (./lab test does)";
        }
        if (!Files.isExecutable(Path.of("/usr/sbin/ip")) && !Files.isExecutable(Path.of("/usr/bin/ip"))) {
            return "no ip command: install it with: apt-get install iproute2";
        }
        return null;
    }

    /** A new host with its own namespace, address {@code 10.250.N.2} (N free on this machine) and sshd; this machine is {@code 10.250.N.1} to it. */
    public HostSpec add(String name, List<String> roles) {
        int made = MADE.incrementAndGet();
        String ns = PREFIX + "-" + pid + "-" + made;
        String outside = "lv" + (pid % 100_000) + "x" + made;
        String inside = "lv" + (pid % 100_000) + "y" + made;
        // Another test JVM (a second ./lab test) may be making hosts now: the subnet is picked among those
        // no link on this machine holds, under a lock every such JVM takes, and taken before the lock is let go.
        int n = underLock(() -> {
            int free = freeSubnet();
            sh("ip", "netns", "add", ns);
            namespaces.add(ns);
            sh("ip", "link", "add", outside, "type", "veth", "peer", "name", inside);
            sh("ip", "link", "set", inside, "netns", ns);
            sh("ip", "addr", "add", "10.250." + free + ".1/24", "dev", outside);
            sh("ip", "link", "set", outside, "up");
            sh("ip", "netns", "exec", ns, "ip", "addr", "add", "10.250." + free + ".2/24", "dev", inside);
            sh("ip", "netns", "exec", ns, "ip", "link", "set", inside, "up");
            sh("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
            // hosts reach each other through this machine, as machines on one network would
            sh("ip", "netns", "exec", ns, "ip", "route", "add", "default", "via", "10.250." + free + ".1");
            return free;
        });
        String address = "10.250." + n + ".2";
        forwarding();

        Path home = dir.resolve(name);
        try {
            Files.createDirectories(home);
            Files.createDirectories(Path.of("/run/sshd"));
            sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", home.resolve("host_key").toString());
            sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", home.resolve("client_key").toString());
            Files.copy(home.resolve("client_key.pub"), home.resolve("authorized_keys"));
            Files.writeString(home.resolve("known_hosts"), address + " " + Files.readString(home.resolve("host_key.pub")));
            Files.writeString(home.resolve("sshd_config"), String.join("\n",
                    "ListenAddress " + address, "Port 22", "HostKey " + home.resolve("host_key"), "PidFile " + home.resolve("sshd.pid"),
                    "AuthorizedKeysFile " + home.resolve("authorized_keys"), "PasswordAuthentication no", "KbdInteractiveAuthentication no",
                    "UsePAM no", "PermitRootLogin prohibit-password", "StrictModes no", "MaxSessions 50", "MaxStartups 50", "") );
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        daemons.add(ChildProcess.start("sshd " + name, List.of("ip", "netns", "exec", ns, "/usr/sbin/sshd", "-D", "-e", "-f",
                home.resolve("sshd_config").toString()), Map.of(), home.resolve("sshd.log"), null));
        awaitListening(address, 22);
        return new HostSpec(name, address, 22, "root", home.resolve("client_key"), roles, null, home.resolve("known_hosts"), null, null);
    }

    /**
     * Processes running on these hosts now: those in one of their network namespaces. What a test looks
     * for there is then what its own hosts run, never a like-named process of another test or user.
     */
    public java.util.stream.Stream<ProcessHandle> processes() {
        java.util.Set<String> own = new java.util.HashSet<>();
        for (String ns : namespaces) {
            try {
                own.add("net:[" + Files.getAttribute(Path.of("/run/netns", ns), "unix:ino") + "]");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return ProcessHandle.allProcesses().filter(p -> {
            try {
                return own.contains(Files.readSymbolicLink(Path.of("/proc", Long.toString(p.pid()), "ns", "net")).toString());
            } catch (IOException e) {
                return false;
            }
        });
    }

    private static void awaitListening(String address, int port) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(address, port), 200);
                return;
            } catch (IOException e) {
                sleep(50);
            }
        }
        throw new IllegalStateException("sshd on " + address + " did not listen within 10 s");
    }

    /** The lowest {@code 10.250.N.0/24} no address on this machine is in. */
    private static int freeSubnet() {
        Set<Integer> taken = new HashSet<>();
        Matcher m = SUBNET.matcher(output("ip", "-o", "-4", "addr", "show"));
        while (m.find()) {
            taken.add(Integer.parseInt(m.group(1)));
        }
        for (int n = 1; n < 255; n++) {
            if (!taken.contains(n)) {
                return n;
            }
        }
        throw new IllegalStateException("every 10.250.N.0/24 is in use on this machine");
    }

    /** Namespaces a killed test JVM left behind (their PID is in the name), and the IP forwarding it left on. */
    private static void removeStale() {
        for (String line : output("ip", "netns", "list").lines().toList()) {
            String ns = line.split(" ")[0];
            if (ns.startsWith(PREFIX + "-")) {
                long owner = Long.parseLong(ns.split("-")[1]);
                if (ProcessHandle.of(owner).isEmpty()) {
                    run("ip", "netns", "delete", ns);
                }
            }
        }
        underLock(() -> {
            restoreForwardingUnlessInUse();
            return null;
        });
    }

    private void forwarding() {
        underLock(() -> {
            if (forwards) {
                return null;
            }
            forwards = true;
            if (withHosts++ == 0) {
                try {
                    if (!Files.exists(FORWARDING_BEFORE)) {
                        Files.writeString(FORWARDING_BEFORE, Files.readString(FORWARDING).strip());
                    }
                    Files.writeString(FORWARDING, "1");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return null;
        });
    }

    @Override
    public void close() {
        daemons.forEach(d -> d.stop(Duration.ofSeconds(2)));
        // deleting a namespace takes its end of the veth pair, and with it this machine's end
        namespaces.forEach(ns -> run("ip", "netns", "delete", ns));
        underLock(() -> {
            if (forwards && --withHosts == 0) {
                restoreForwardingUnlessInUse();
            }
            forwards = false;
            return null;
        });
    }

    /** Puts IP forwarding back as it was before the first test JVM turned it on, unless a live JVM's hosts still route through this machine. */
    private static void restoreForwardingUnlessInUse() {
        // the file first: without it there is nothing to put back, and no need to list the namespaces
        if (!Files.exists(FORWARDING_BEFORE) || withHosts > 0 || otherJvmHasHosts()) {
            return;
        }
        try {
            Files.writeString(FORWARDING, Files.readString(FORWARDING_BEFORE).strip());
            Files.delete(FORWARDING_BEFORE);
        } catch (IOException e) {
            // left on: a test machine's setting, harmless
        }
    }

    /**
     * Runs {@code action} under the lock every test JVM that makes hosts takes. A file lock is held for the whole
     * JVM, so this JVM's classes that make hosts at once take turns on the class first.
     */
    private static <T> T underLock(java.util.function.Supplier<T> action) {
        synchronized (NamespaceHosts.class) {
            try (FileChannel channel = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = channel.lock()) {
                return action.get();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Hosts of another live test JVM route through this machine too: forwarding stays on for them. */
    private static boolean otherJvmHasHosts() {
        long pid = ProcessHandle.current().pid();
        return output("ip", "netns", "list").lines().map(line -> line.split(" ")[0])
                .filter(ns -> ns.startsWith(PREFIX + "-"))
                .map(ns -> Long.parseLong(ns.split("-")[1]))
                .anyMatch(owner -> owner != pid && ProcessHandle.of(owner).isPresent());
    }

    private static void sh(String... command) {
        if (run(command) != 0) {
            throw new IllegalStateException("failed: " + String.join(" ", command));
        }
    }

    private static int run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static String output(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes());
            p.waitFor(30, TimeUnit.SECONDS);
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
