package dev.concurrencylab.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The system's RabbitMQ (Debian's {@code rabbitmq-server}) with its own {@code epmd}, both in the
 * foreground on free loopback ports, so both stop with the lab and nothing is shared with another
 * RabbitMQ on the machine.
 */
public final class RabbitMqService implements BackingService {

    static final String INSTALL = "apt-get install rabbitmq-server";
    private static final String USER = "rabbitmq";
    private static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    /** The broker's control tool, beside its server. */
    static final Path CTL = SERVER.resolveSibling("rabbitmqctl");
    private static final Pattern VERSION = Pattern.compile("Starting RabbitMQ ([0-9.]+) on Erlang ([0-9.]+)");

    private final ChildProcess epmd;
    private final ChildProcess server;
    private final int port;
    private final String version;

    private final String address;

    private RabbitMqService(ChildProcess epmd, ChildProcess server, int port, String version, String address) {
        this.address = address;
        this.epmd = epmd;
        this.server = server;
        this.port = port;
        this.version = version;
    }

    public static RabbitMqService start(Path workRoot) {
        return start(workRoot, null);
    }

    /**
     * @param address besides loopback, an address of this machine that servers on other hosts reach
     *                it at; the broker then listens on both and lets its default user in from there
     */
    public static RabbitMqService start(Path workRoot, String address) {
        if (!SERVER.toFile().canExecute()) {
            throw new ServiceException("rabbitmq-server not found; install it with: " + INSTALL);
        }
        Path epmdBinary = Binaries.require("epmd", List.of(Path.of("/usr/bin")), INSTALL);
        Path dir = WorkDirs.create(workRoot, "rabbitmq");
        ChildProcess.writeFile(dir.resolve("enabled_plugins"), "[].\n");
        int port = Ports.freeLoopbackPort();
        // guest is let in from loopback only unless loopback_users is emptied: a server on another host needs it
        ChildProcess.writeFile(dir.resolve("rabbitmq.conf"), address == null ? "listeners.tcp.1 = 127.0.0.1:" + port + "\n"
                : "listeners.tcp.1 = 127.0.0.1:" + port + "\nlisteners.tcp.2 = " + address + ":" + port + "\nloopback_users = none\n");
        // As root, RabbitMQ runs as user rabbitmq and dies silently if it cannot write its folders.
        WorkDirs.giveTo(dir, USER);

        int epmdPort = Ports.freeLoopbackPort();
        ChildProcess epmd = ChildProcess.start("epmd", List.of(epmdBinary.toString(), "-port", Integer.toString(epmdPort),
                "-address", "127.0.0.1"), Map.of(), dir.resolve("epmd.log"), USER);
        Map<String, String> env = new HashMap<>();
        env.put("HOME", "/var/lib/rabbitmq");
        // Makes the start script exec the Erlang VM instead of forking it, so the PID we hold is the broker.
        env.put("RUNNING_UNDER_SYSTEMD", "true");
        env.put("ERL_EPMD_PORT", Integer.toString(epmdPort));
        // the epmd above is the broker's: an Erlang VM otherwise starts a daemon epmd of its own, which outlives everything
        env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-start_epmd false");
        // and every VM the broker spawns: when its epmd is gone first (a group stopped at once), the broker's epmd
        // monitor runs an 'erl -sname' to bring one back, which starts a daemon epmd unless this says not to
        env.put("ERL_FLAGS", "-start_epmd false");
        env.put("RABBITMQ_NODENAME", "lab" + port + "@localhost");
        env.put("RABBITMQ_CONFIG_FILE", dir.resolve("rabbitmq.conf").toString());
        env.put("RABBITMQ_DIST_PORT", Integer.toString(Ports.freeLoopbackPort()));
        env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
        env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
        env.put("RABBITMQ_LOGS", "-");
        env.put("RABBITMQ_ENABLED_PLUGINS_FILE", dir.resolve("enabled_plugins").toString());
        env.put("RABBITMQ_PID_FILE", dir.resolve("rabbitmq.pid").toString());
        if (address != null) {
            // The broker names each listener by a reverse lookup of its address: where no DNS answers for it, the lookup
            // waited out the resolver's timeout (8 s seen) as the broker started and again as it stopped. Named here, it
            // gets the address itself, as a lookup that fails would give it, at once.
            ChildProcess.writeFile(dir.resolve("erl_inetrc"), "{host, " + erlangTuple(address) + ", [\"" + address + "\"]}.\n"
                    + "{lookup, [file, native]}.\n");
            env.put("ERL_INETRC", dir.resolve("erl_inetrc").toString());
        }
        ChildProcess server;
        try {
            server = ChildProcess.start("rabbitmq", List.of(SERVER.toString()), env, dir.resolve("rabbitmq.log"), USER);
        } catch (RuntimeException e) {
            epmd.close();
            throw e;
        }
        try {
            server.awaitReady(Duration.ofSeconds(60), () -> server.logContains("Server startup complete"));
        } catch (RuntimeException e) {
            server.close();
            epmd.close();
            throw e;
        }
        return new RabbitMqService(epmd, server, port, readVersion(server) + (address == null ? "" : ", reached at " + address), address);
    }

    /** An IP address as Erlang's inet writes it: {@code {10,0,0,2}}, or eight 16-bit words for IPv6. */
    static String erlangTuple(String address) {
        byte[] b;
        try {
            b = java.net.InetAddress.getByName(address).getAddress();
        } catch (java.net.UnknownHostException e) {
            throw new ServiceException("rabbitmq: " + address + " is not an address: " + e.getMessage());
        }
        List<String> parts = new java.util.ArrayList<>();
        for (int i = 0; i < b.length; i += b.length == 4 ? 1 : 2) {
            parts.add(Integer.toString(b.length == 4 ? b[i] & 0xff : (b[i] & 0xff) << 8 | (b[i + 1] & 0xff)));
        }
        return "{" + String.join(",", parts) + "}";
    }

    private static String readVersion(ChildProcess server) {
        try {
            Matcher m = VERSION.matcher(java.nio.file.Files.readString(server.log(), java.nio.charset.StandardCharsets.ISO_8859_1));
            return m.find() ? "RabbitMQ " + m.group(1) + " on Erlang " + m.group(2) + " (system)" : "RabbitMQ (system)";
        } catch (java.io.IOException e) {
            return "RabbitMQ (system)";
        }
    }

    @Override
    public String name() {
        return "rabbitmq";
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Map<String, String> springProperties() {
        // guest/guest is RabbitMQ's default user (let in from other hosts only when the broker listens for them)
        return Map.of("spring.rabbitmq.addresses", "amqp://guest:guest@" + (address == null ? "127.0.0.1" : address) + ":" + port);
    }

    @Override
    public List<ChildProcess> processes() {
        return List.of(server, epmd);
    }
}
