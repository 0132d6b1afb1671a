package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.List;

/**
 * What a run was and where it ran: enough to judge its numbers and to run it again. Made of named
 * parts; the JSON ({@code run.json}) stays flat, as docs/results-schema.md describes it.
 *
 * @param schemaVersion the results schema this directory follows (docs/results-schema.md); absent means 1
 */
public record RunInfo(int schemaVersion, @JsonUnwrapped RunDefinition definition, @JsonUnwrapped RunProgress progress,
        @JsonUnwrapped RunPlatform platform, @JsonUnwrapped RunRules rules) {

    /** Version 2: throughput is goodput, latency is of good answers, checks and thresholds are recorded. */
    public static final int SCHEMA_VERSION = 2;

    public RunInfo {
        schemaVersion = schemaVersion == 0 ? 1 : schemaVersion;
    }

    /** A run of this schema, just starting. */
    public static RunInfo starting(RunDefinition definition, RunPlatform platform, RunRules rules) {
        return new RunInfo(SCHEMA_VERSION, definition, RunProgress.starting(), platform, rules);
    }

    /** This run as it stands now. */
    public RunInfo with(RunProgress now) {
        return new RunInfo(schemaVersion, definition, now, platform, rules);
    }

    /** This run with what it learned of where it runs after it started (a services host). */
    public RunInfo with(RunPlatform where) {
        return new RunInfo(schemaVersion, definition, progress, where, rules);
    }

    /**
     * This run going on after it was cut short ({@code ./lab resume}), on {@code where}: its record so
     * far becomes its first part (ended at {@code lastEnded}, with {@code written} trials) when it has none.
     */
    public RunInfo resumed(String lastEnded, int written, RunPlatform where) {
        RunPart first = RunPart.of(progress.started(), lastEnded, written, platform);
        RunPart next = RunPart.of(Instant.now().toString(), null, written, where);
        return with(progress.resumed(first, lastEnded, written, next));
    }

    public RunInfo with(RunRules judged) {
        return new RunInfo(schemaVersion, definition, progress, platform, judged);
    }
}
