package dev.concurrencylab.lab.result;

import java.util.List;
import java.util.Map;

/** What a run was and where it ran: enough to judge its numbers and to run it again. */
public record RunInfo(String suite, String scale, int trialsPerVariant, String command, String started,
        String finished, String status, Map<String, String> machine, Map<String, String> jdk, String springBootVersion,
        String gitCommit, String cpuLayout, Map<String, List<String>> jvmFlags, Map<String, String> services,
        String suiteFile, String suiteAsRun, int trialsPlanned, int trialsWritten) {
}
