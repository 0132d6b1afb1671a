package dev.concurrencylab.lab.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A results directory as the first schema wrote it: a run.json without a schema version, and one trial. */
public final class SchemaOneRun {

    private SchemaOneRun() {
    }

    /** Writes the run under {@code tmp} with {@code trial} as its one trial's JSON; returns the run's directory. */
    public static Path write(Path tmp, String trial) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run").resolve("trials"));
        Files.writeString(dir.resolveSibling("run.json"), """
                {"suite": "e0-posts", "scale": "quick", "trialsPerVariant": 1, "status": "complete",
                 "jvmFlags": {"mvc-platform": []}, "trialsPlanned": 1, "trialsWritten": 1}
                """);
        Files.writeString(dir.resolve("001-%s.json".formatted(trial.contains("\"v\"") ? "v-b" : "mvc-platform-posts")), trial);
        return dir.getParent();
    }
}
