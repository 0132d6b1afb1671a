package dev.concurrencylab.lab.result;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A host the run used besides this machine, as it reported itself, and the network to it.
 *
 * @param machine    cores, CPU list, CPU model, memory, kernel and JDK, as the host reported them
 * @param serverCpus the CPUs servers ran on there; {@code null} on a host that ran no server
 * @param rttMinMs   the fastest TCP connect from the driver to its SSH port: the network's round trip
 */
public record RunHost(String name, String address, List<String> roles, Map<String, String> machine, String serverCpus,
        int rttSamples, double rttMinMs, double rttMedianMs, double rttMaxMs) {

    /** One line for reports: what ran there, what the host is, and the round trip to it. */
    public String describe() {
        return String.format(Locale.ROOT, "%s (%s; %s CPUs, %s%s), round trip from the driver %.3f ms (median of %d TCP connects, %.3f–%.3f)",
                name, String.join(", ", roles), machine.getOrDefault("cpus", "?"), machine.getOrDefault("cpuModel", "?"),
                serverCpus == null ? "" : "; servers on CPUs " + serverCpus, rttMedianMs, rttSamples, rttMinMs, rttMaxMs);
    }
}
