package dev.concurrencylab.lab.hosts;

import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.binding.Yaml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which machines a run uses and what each runs: the server under test, the backing services, the
 * load driver. Only the hosts listed here are ever contacted; a role no host takes stays on this
 * machine, exactly as without a topology.
 */
public record Topology(List<HostSpec> hosts) {

    /** {@code hosts.yaml} is bound as suites are (one-line errors), with no value types of its own. */
    private static final Yaml YAML = new Yaml(new SimpleModule("lab-hosts"));

    public Topology {
        hosts = hosts == null ? List.of() : List.copyOf(hosts);
    }

    /** No hosts: everything on this machine. */
    public static Topology local() {
        return new Topology(List.of());
    }

    /**
     * Reads and checks a {@code hosts.yaml}.
     *
     * @throws SuiteException one line naming the file, the host and what is wrong
     */
    public static Topology read(Path file) {
        Topology t = YAML.read(file, Topology.class);
        if (t.hosts.isEmpty()) {
            throw new SuiteException(file + ": hosts: expected at least one host");
        }
        Set<String> names = new HashSet<>();
        for (HostSpec h : t.hosts) {
            String where = file + ": host '" + h.name() + "'";
            if (h.name() == null || h.name().isBlank()) {
                throw new SuiteException(file + ": a host without a name; every host needs name: and address:");
            }
            if (!names.add(h.name())) {
                throw new SuiteException(where + " appears twice");
            }
            if (h.address() == null || h.address().isBlank()) {
                throw new SuiteException(where + ": missing address");
            }
            if (h.key() == null) {
                throw new SuiteException(where + ": missing key (the private key to log in with; the lab never uses passwords)");
            }
            if (!Files.isRegularFile(h.key())) {
                throw new SuiteException(where + ": key " + h.key() + " not found");
            }
            for (String role : h.roles()) {
                if (!HostSpec.ROLES.contains(role)) {
                    throw new SuiteException(where + ": unknown role '" + role + "'; choose from " + String.join(", ", HostSpec.ROLES));
                }
            }
            for (String service : h.services()) {
                if (!HostSpec.SERVICES.contains(service)) {
                    throw new SuiteException(where + ": unknown service '" + service + "'; choose from " + String.join(", ", HostSpec.SERVICES));
                }
            }
            if (h.roles().isEmpty()) {
                throw new SuiteException(where + ": no roles; give it one or more of " + String.join(", ", HostSpec.ROLES));
            }
        }
        if (t.hosts.stream().filter(h -> h.has("server")).count() > 1) {
            throw new SuiteException(file + ": more than one host has the server role; each trial's server runs on one host");
        }
        return t;
    }

    /** The host that runs the servers under test, if not this machine. */
    public Optional<HostSpec> server() {
        return hosts.stream().filter(h -> h.has("server")).findFirst();
    }

    /** The host that runs a backing service, if not this machine. */
    public Optional<HostSpec> service(String name) {
        return hosts.stream().filter(h -> h.has("services") && h.services().contains(name)).findFirst();
    }

    /** The hosts that drive load besides this machine. */
    public List<HostSpec> drivers() {
        return hosts.stream().filter(h -> h.has("driver")).toList();
    }
}
