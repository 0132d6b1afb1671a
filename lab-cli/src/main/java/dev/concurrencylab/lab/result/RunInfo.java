package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.monitor.CpuLayout;
import java.util.List;
import java.util.Map;

/** What a run was and where it ran: enough to judge its numbers and to run it again. */
public record RunInfo(String suite, String scale, int trialsPerVariant, String command, String started,
        String finished, String status, Map<String, String> machine, Map<String, String> jdk, String springBootVersion,
        String gitCommit, CpuLayout cpuLayout, Map<String, List<String>> jvmFlags, Map<String, String> services,
        String suiteFile, String suiteAsRun, int trialsPlanned, int trialsWritten) {

    /** This run as it stands now: the services in use, how far it got. */
    public RunInfo with(Map<String, String> services, String status, int trialsWritten) {
        return new RunInfo(suite, scale, trialsPerVariant, command, started, finished, status, machine, jdk,
                springBootVersion, gitCommit, cpuLayout, jvmFlags, services, suiteFile, suiteAsRun, trialsPlanned,
                trialsWritten);
    }

    public RunInfo finishedAt(String time) {
        return new RunInfo(suite, scale, trialsPerVariant, command, started, time, status, machine, jdk,
                springBootVersion, gitCommit, cpuLayout, jvmFlags, services, suiteFile, suiteAsRun, trialsPlanned,
                trialsWritten);
    }
}
