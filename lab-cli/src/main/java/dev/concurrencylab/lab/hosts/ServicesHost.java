package dev.concurrencylab.lab.hosts;

import dev.concurrencylab.services.BackingService;
import dev.concurrencylab.services.ServicesMain;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Backing services on a host of their own: the lab's own services launcher ({@link ServicesMain})
 * run there over SSH, from the same jars the lab runs here (copied once, by checksum), listening
 * on the host's address as well as its loopback. The services end with the lab's session, as a
 * server on a host does ({@link RemoteProcess}).
 */
public final class ServicesHost implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final Ssh ssh;
    private final RemoteProcess process;
    private final String log;
    private final Map<String, BackingService> services;
    private final Map<String, String> facts;
    private final RoundTrip roundTrip;
    private final Map<String, List<Long>> pids;
    private final RemoteProcStat proc;

    private ServicesHost(Ssh ssh, RemoteProcess process, String log, Map<String, BackingService> services, Map<String, String> facts,
            RoundTrip roundTrip, Map<String, List<Long>> pids, RemoteProcStat proc) {
        this.ssh = ssh;
        this.pids = pids;
        this.proc = proc;
        this.facts = facts;
        this.roundTrip = roundTrip;
        this.process = process;
        this.log = log;
        this.services = services;
    }

    /**
     * Starts {@code names} on the host and waits until every one is ready.
     *
     * @param serversFrom the address servers connect from, the only one let in besides the host itself
     * @throws HostException one line naming the host, with the tail of the services' log there
     */
    public static ServicesHost start(HostSpec host, Path dir, List<String> names, String serversFrom) {
        Ssh ssh = Ssh.connect(host, dir);
        try {
            Map<String, String> facts = ServerHost.facts(ssh);
            RoundTrip rtt = RoundTrip.measure(host.name(), host.address(), host.port(), 50);
            String classPath = LabJars.put(ssh, dir);
            String log = ServerHost.HOME + "/logs/services-" + System.currentTimeMillis() + ".log";
            // on the host's CPUs when it names them: every service inherits the launcher's CPU set
            Stream<String> pinned = host.cpus() == null ? Stream.of() : Stream.of("taskset", "-c", host.cpus());
            String command = String.join(" ", Stream.concat(Stream.concat(pinned, Stream.of(host.java(), "-cp", classPath, ServicesMain.class.getName(),
                    "--for-lab", "--address", host.address(), "--allow", serversFrom)), Stream.of(String.join(",", names))).map(Ssh::quote).toList());
            RemoteProcess process = RemoteProcess.start(ssh, "services", command, log);
            String text = awaitReady(ssh, process, log, host);
            return new ServicesHost(ssh, process, log, parse(text, process, host), facts, rtt, pids(text), RemoteProcStat.open(ssh));
        } catch (RuntimeException e) {
            ssh.close();
            throw e;
        }
    }

    public HostSpec spec() {
        return ssh.host();
    }

    /** What the host is, as it reported itself (see {@link ServerHost#facts}). */
    public Map<String, String> facts() {
        return facts;
    }

    /** The TCP round trip from this machine to the host. */
    public RoundTrip roundTrip() {
        return roundTrip;
    }

    /** Each service's processes on the host, by name, for the monitor to read there ({@link #proc()}). */
    public Map<String, List<Long>> pids() {
        return pids;
    }

    /** The host's {@code /proc}, read through one session. */
    public RemoteProcStat proc() {
        return proc;
    }

    private static Map<String, List<Long>> pids(String text) {
        Map<String, List<Long>> pids = new LinkedHashMap<>();
        text.lines().filter(l -> l.startsWith("lab-pids ")).map(l -> l.split(" ", 3)).filter(f -> f.length == 3)
                .forEach(f -> pids.put(f[1], java.util.Arrays.stream(f[2].split(",")).map(String::strip).map(Long::parseLong).toList()));
        return pids;
    }

    /** The services started there, by name, as the run's service set takes them. */
    public Map<String, BackingService> services() {
        return services;
    }

    /** @return the launcher's output up to {@code lab-ready} */
    private static String awaitReady(Ssh ssh, RemoteProcess process, String log, HostSpec host) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            String text = ssh.run("cat " + Ssh.quote(log) + " 2>/dev/null", Duration.ofSeconds(10)).out();
            if (text.lines().anyMatch("lab-ready"::equals)) {
                return text;
            }
            boolean running = ssh.run("kill -0 " + process.pid() + " 2>/dev/null", Duration.ofSeconds(10)).ok();
            if (!running || !process.sessionAlive()) {
                process.close();
                throw new HostException("host " + host.name() + ": the services did not start: " + lastLines(text, 3));
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.close();
                throw new HostException("host " + host.name() + ": interrupted while the services started");
            }
        }
        String tail = ssh.run("tail -n 3 " + Ssh.quote(log), Duration.ofSeconds(10)).out();
        process.close();
        throw new HostException("host " + host.name() + ": the services were not ready within " + START_TIMEOUT.toMinutes() + " min: "
                + lastLines(tail, 3));
    }

    private static Map<String, BackingService> parse(String text, RemoteProcess process, HostSpec host) {
        Map<String, String> versions = new LinkedHashMap<>();
        Map<String, Map<String, String>> properties = new LinkedHashMap<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("lab-service ")) {
                String[] f = line.split(" ", 3);
                versions.put(f[1], f[2] + " on " + host.name());
            } else if (line.startsWith("lab-property ")) {
                String[] f = line.split(" ", 3);
                int eq = f[2].indexOf('=');
                properties.computeIfAbsent(f[1], n -> new TreeMap<>()).put(f[2].substring(0, eq), f[2].substring(eq + 1));
            }
        }
        Map<String, BackingService> services = new LinkedHashMap<>();
        versions.forEach((name, version) -> services.put(name, new OnHost(name, version, properties.getOrDefault(name, Map.of()), process, host)));
        return services;
    }

    /** A service on the services host: watched through the session that holds it, stopped with the host's session. */
    private record OnHost(String name, String version, Map<String, String> springProperties, RemoteProcess process, HostSpec host)
            implements BackingService {

        @Override
        public Optional<String> ended() {
            return process.sessionAlive() ? Optional.empty() : Optional.of("its session with " + host.name() + " ended");
        }

        @Override
        public String logTail(int lines) {
            return "(on " + host.name() + ")";
        }

        @Override
        public void close() {
            // the host's services stop together, with the host's session (ServicesHost.close)
        }
    }

    private static String lastLines(String text, int n) {
        List<String> lines = text.lines().filter(l -> !l.isBlank() && !l.startsWith("lab-")).toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    /** Stops every service there, with the process group that holds them, and ends the session. */
    @Override
    public void close() {
        proc.close();
        process.close();
        ssh.close();
    }

    /** For messages: where the services' output is kept on the host. */
    public String log() {
        return log;
    }
}
