package dev.concurrencylab.lab.result;

import java.util.List;
import java.util.Map;

/**
 * A host the run used besides this machine, as it reported itself, and the network to it.
 *
 * @param machine    cores, CPU list, CPU model, memory, kernel and JDK, as the host reported them
 * @param serverCpus the CPUs servers ran on there
 * @param rttMinMs   the fastest TCP connect from the driver to its SSH port: the network's round trip
 */
public record RunHost(String name, String address, List<String> roles, Map<String, String> machine, String serverCpus,
        int rttSamples, double rttMinMs, double rttMedianMs, double rttMaxMs) {
}
