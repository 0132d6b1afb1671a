package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.cpu.CpuLayout;
import java.util.List;
import java.util.Map;

/**
 * Where the run ran: the machine, the JDK, the code and how the servers were started.
 *
 * @param jvmFlags per variant, the flags its servers started with
 * @param hosts    the other hosts the run used ({@code --hosts}); absent when everything ran here
 */
public record RunPlatform(Map<String, String> machine, Map<String, String> jdk, String springBootVersion, String gitCommit,
        CpuLayout cpuLayout, Map<String, List<String>> jvmFlags, List<RunHost> hosts) {

    /** The same platform with one more host. */
    public RunPlatform plus(RunHost host) {
        List<RunHost> all = new java.util.ArrayList<>(hosts == null ? List.of() : hosts);
        all.add(host);
        return new RunPlatform(machine, jdk, springBootVersion, gitCommit, cpuLayout, jvmFlags, List.copyOf(all));
    }
}
