package dev.concurrencylab.lab.hosts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host the servers under test run on, for the length of a run: its SSH session, its
 * {@code /proc} reader, what it is (cores, CPU, memory, kernel, JDK), the jars put there, and the
 * network's round trip from the driver.
 */
public final class ServerHost implements AutoCloseable {

    /** Where the lab keeps what it copies to a host: jars by content, logs by run. */
    static final String HOME = "/tmp/concurrency-lab";

    private final Ssh ssh;
    private final RemoteProcStat proc;
    private final Map<String, String> facts;
    private final String cpus;
    private final RoundTrip roundTrip;
    private final Map<Path, String> jars = new HashMap<>();
    private final Map<String, List<String>> archives = new HashMap<>();

    private ServerHost(Ssh ssh, RemoteProcStat proc, Map<String, String> facts, String cpus, RoundTrip roundTrip) {
        this.ssh = ssh;
        this.proc = proc;
        this.facts = facts;
        this.cpus = cpus;
        this.roundTrip = roundTrip;
    }

    /**
     * Connects, learns what the host is, checks its JDK, and measures the round trip to its SSH port.
     *
     * @throws HostException one line naming the host
     */
    public static ServerHost open(HostSpec host, Path dir) {
        Ssh ssh = Ssh.connect(host, dir);
        try {
            ssh.run("mkdir -p " + HOME + "/logs " + HOME + "/jars", Duration.ofSeconds(30));
            Map<String, String> facts = facts(ssh);
            String cpus = host.cpus() != null ? host.cpus() : facts.get("cpuList");
            RoundTrip rtt = RoundTrip.measure(host.name(), host.address(), host.port(), 50);
            return new ServerHost(ssh, RemoteProcStat.open(ssh), facts, cpus, rtt);
        } catch (RuntimeException e) {
            ssh.close();
            throw e;
        }
    }

    /**
     * What a host is, as it reports itself: cores, the CPUs this session may use, CPU model, memory,
     * kernel and the JDK at the host's {@code java:}.
     *
     * @throws HostException when there is no JDK there
     */
    static Map<String, String> facts(Ssh ssh) {
        HostSpec host = ssh.host();
        Ssh.Result r = ssh.run("nproc; taskset -pc $$ | sed 's/.*: //'; grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'; "
                + "grep MemTotal /proc/meminfo | awk '{print $2 \" kB\"}'; uname -r; " + Ssh.quote(host.java()) + " -XshowSettings:properties -version 2>&1 "
                + "| grep -E '^ +java.(runtime.)?version = ' | head -1 | sed 's/.*= //'", Duration.ofSeconds(30));
        List<String> lines = r.out().lines().toList();
        if (lines.size() < 6 || lines.get(5).isBlank()) {
            throw new HostException("host " + host.name() + ": no JDK at " + host.java() + " (give java: in hosts.yaml, a JDK 21 or later)");
        }
        Map<String, String> facts = new LinkedHashMap<>();
        List<String> keys = List.of("cpus", "cpuList", "cpuModel", "memory", "kernel", "jdk");
        for (int i = 0; i < keys.size(); i++) {
            facts.put(keys.get(i), lines.get(i).strip());
        }
        return facts;
    }

    public HostSpec spec() {
        return ssh.host();
    }

    public Ssh ssh() {
        return ssh;
    }

    public RemoteProcStat proc() {
        return proc;
    }

    /** Cores, CPU list, CPU model, memory, kernel and JDK, as the host reported them. */
    public Map<String, String> facts() {
        return facts;
    }

    /** The CPUs servers run on there. */
    public String cpus() {
        return cpus;
    }

    public RoundTrip roundTrip() {
        return roundTrip;
    }

    /**
     * The jar's path on the host, copied once per run and only when the host lacks that exact file. Other builds of
     * it there, and the archives made of them, go once a day old: each rebuild of the lab left about 180 MB on a host
     * for good (3.9 GB of them on the lab's own machine, from test runs). A day, so a run of another build still under way on
     * the same host keeps the files its servers start from.
     */
    public synchronized String put(Path jar) {
        return jars.computeIfAbsent(jar, j -> {
            String sum = Ssh.sha256(j);
            String name = sum.substring(0, 16) + "-" + j.getFileName();
            String remote = HOME + "/jars/" + name;
            ssh.copy(j, remote);
            String others = " -name " + Ssh.quote("*-" + j.getFileName()) + " ! -name " + Ssh.quote(name) + " -mmin +1440";
            ssh.run("find " + HOME + "/jars -maxdepth 1" + others + " -delete 2>/dev/null; find " + HOME + "/cds -mindepth 2 -maxdepth 2"
                    + others + " -printf '%h\\0' 2>/dev/null | xargs -0 -r rm -rf", Duration.ofSeconds(30));
            return remote;
        });
    }

    /**
     * What follows the JVM flags to start {@code jar} (put there) with a class-data-sharing archive
     * of its start-up made there, as {@code sut.CdsArchive} makes one here: the JVM maps only an
     * archive made with the same class path and flags, so the host makes its own, once per jar
     * build and flags (kept under {@code /tmp/concurrency-lab/cds}).
     *
     * @param java       the JVM there, with its CPU pinning before it
     * @param springArgs the application's arguments, so the archiving start-up sees what trials will
     * @throws HostException when the archiving start-up fails, naming its log there
     */
    public synchronized List<String> archived(String jar, List<String> java, List<String> jvmFlags, List<String> springArgs) {
        String key = jar + "\n" + String.join("\n", jvmFlags);
        List<String> known = archives.get(key);
        if (known != null) {
            return known;
        }
        String dir = HOME + "/cds/" + sha256(key).substring(0, 16);
        String jsa = dir + "/app.jsa";
        String unpacked = dir + "/" + jar.substring(jar.lastIndexOf('/') + 1);
        if (!ssh.run("test -f " + Ssh.quote(jsa) + " && test -f " + Ssh.quote(unpacked), Duration.ofSeconds(10)).ok()) {
            String javaCommand = String.join(" ", java.stream().map(Ssh::quote).toList());
            String script = "rm -rf " + Ssh.quote(dir) + " && mkdir -p " + Ssh.quote(dir)
                    // Spring Boot's own unpacking: archives need a plain class path
                    + " && " + javaCommand + " -Djarmode=tools -jar " + Ssh.quote(jar) + " extract --destination " + Ssh.quote(dir)
                    + " --force > " + Ssh.quote(dir + "/unpack.log") + " 2>&1"
                    + " && " + javaCommand + " " + String.join(" ", jvmFlags.stream().map(Ssh::quote).toList())
                    + " -XX:ArchiveClassesAtExit=" + Ssh.quote(jsa + ".part") + " -Dspring.context.exit=onRefresh -jar " + Ssh.quote(unpacked)
                    + " " + String.join(" ", springArgs.stream().map(Ssh::quote).toList()) + " > " + Ssh.quote(dir + "/archiving.log") + " 2>&1"
                    + " && mv " + Ssh.quote(jsa + ".part") + " " + Ssh.quote(jsa);
            if (!ssh.run(script, Duration.ofMinutes(6)).ok()) {
                throw new HostException("host " + spec().name() + ": the CDS archive start-up failed; its log there: " + dir + "/archiving.log");
            }
        }
        List<String> arguments = List.of("-XX:SharedArchiveFile=" + jsa, "-jar", unpacked);
        archives.put(key, arguments);
        return arguments;
    }

    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A port nothing listens on there: one from the host's list of listening sockets, chosen at
     * random above the well-known ranges, so servers started one after another do not meet a
     * port still closing.
     */
    public int freePort() {
        String listening = ssh.run("cat /proc/net/tcp /proc/net/tcp6 2>/dev/null", Duration.ofSeconds(10)).out();
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (String line : listening.lines().skip(1).toList()) {
            String[] f = line.strip().split("\\s+");
            if (f.length > 3 && f[1].contains(":")) {
                used.add(Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16));
            }
        }
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        for (int i = 0; i < 1000; i++) {
            int port = random.nextInt(20_000, 30_000);
            if (!used.contains(port)) {
                return port;
            }
        }
        throw new HostException("host " + spec().name() + ": no free port between 20000 and 30000");
    }

    /** A new log file's path there, for one server's output. */
    public String log(String name) {
        return HOME + "/logs/" + name + "-" + System.currentTimeMillis() + ".log";
    }

    /** This machine's address on the route to the host: where servers there reach what the lab runs here. */
    public String localAddress() {
        return Ssh.localAddressToward(spec());
    }

    /** The last lines of a file there, for a one-line reason. */
    public String tail(String file, int lines) {
        try {
            return ssh.run("tail -n " + lines + " " + Ssh.quote(file) + " 2>/dev/null", Duration.ofSeconds(10)).out().strip();
        } catch (HostException e) {
            return "(" + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        proc.close();
        ssh.close();
    }
}
