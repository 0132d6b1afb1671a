package dev.concurrencylab.lab.hosts;

import dev.concurrencylab.lab.result.RunHost;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One machine of a topology, as {@code hosts.yaml} names it.
 *
 * @param name     how results and messages name it
 * @param address  what the driver connects to, for SSH and for the server's port alike
 * @param port     its SSH port (22 when not given)
 * @param user     the SSH user (root when not given)
 * @param key      the private key to log in with; keys only, never a password
 * @param roles    what it runs: {@code server}, {@code services}, {@code driver}
 * @param services with the {@code services} role, which backing services it runs (all four when not given)
 * @param knownHosts a known_hosts file that must already hold the host's key; when not given, the
 *                 user's own, where a host seen for the first time is added (OpenSSH's accept-new)
 * @param java     the {@code java} (21 or later) that starts servers there; when not given, the same
 *                 path as the lab's own JDK
 * @param cpus     the CPUs its servers may use ({@code 0-3}); when not given, all of the host's
 */
public record HostSpec(String name, String address, Integer port, String user, Path key, List<String> roles, List<String> services,
        Path knownHosts, String java, String cpus) {

    public static final List<String> ROLES = List.of("server", "services", "driver");
    public static final List<String> SERVICES = List.of("postgresql", "kafka", "rabbitmq", "redis");

    public HostSpec {
        port = port == null ? 22 : port;
        key = home(key);
        knownHosts = home(knownHosts);
        java = java == null ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : java;
        user = user == null ? "root" : user;
        roles = roles == null ? List.of() : List.copyOf(roles);
        services = services == null ? (roles.contains("services") ? SERVICES : List.of()) : List.copyOf(services);
    }

    /**
     * What a run records of this host.
     *
     * @param facts      the host's report of itself
     * @param serverCpus the CPUs servers ran on there, {@code null} on a host that ran none
     * @param rtt        the round trip measured to it
     */
    public RunHost asUsed(Map<String, String> facts, String serverCpus, RoundTrip rtt) {
        return new RunHost(name, address, roles, facts, serverCpus, rtt.samples(), rtt.minMs(), rtt.medianMs(), rtt.maxMs());
    }

    private static Path home(Path p) {
        if (p == null || !p.startsWith("~")) {
            return p;
        }
        Path home = Path.of(System.getProperty("user.home"));
        return p.getNameCount() == 1 ? home : home.resolve(p.subpath(1, p.getNameCount()));
    }

    public boolean has(String role) {
        return roles.contains(role);
    }

    /** {@code root@10.0.0.2:22}, as messages name it. */
    public String where() {
        return user + "@" + address + (port == 22 ? "" : ":" + port);
    }
}
