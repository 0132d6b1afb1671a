package dev.concurrencylab.lab.result;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One stretch of a run that was cut short and resumed ({@code ./lab resume}): when it ran, how many
 * trials the run had written when it ended, and the code and machine it ran on, which need not be the
 * first part's.
 *
 * @param finished      absent while the part runs, or when the lab was killed before it could say
 * @param trialsWritten the run's trials written when the part ended, earlier parts' included
 */
public record RunPart(String started, String finished, int trialsWritten, String gitCommit, String cpuModel, String kernel) {

    /** A part that ran on {@code where}'s code and machine. */
    public static RunPart of(String started, String finished, int trialsWritten, RunPlatform where) {
        Map<String, String> machine = where.machine() == null ? Map.of() : where.machine();
        return new RunPart(started, finished, trialsWritten, where.gitCommit(), machine.get("cpuModel"), machine.get("kernel"));
    }

    public Optional<Duration> wallTime() {
        return started == null || finished == null ? Optional.empty()
                : Optional.of(Duration.between(Instant.parse(started), Instant.parse(finished)));
    }

    RunPart finishedAt(String time, int written) {
        return new RunPart(started, time, written, gitCommit, cpuModel, kernel);
    }
}
