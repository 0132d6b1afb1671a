package dev.concurrencylab.lab.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A results directory written by hand, as the lab writes one: run.json and one file per trial. */
final class ResultsDirectory {

    private ResultsDirectory() {
    }

    /** {@code trials} are trial JSON texts, numbered in the order given; returns the run's directory. */
    static Path write(Path parent, String suite, List<String> variants, String... trials) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("run").resolve("trials"));
        String flags = String.join(", ", variants.stream().map(v -> "\"" + v + "\": []").toList());
        Files.writeString(dir.resolveSibling("run.json"), """
                {"schemaVersion": 2, "suite": "%s", "scale": "quick", "trialsPerVariant": 2, "status": "complete",
                 "jvmFlags": {%s}, "trialsPlanned": %d, "trialsWritten": %d}
                """.formatted(suite, flags, trials.length, trials.length));
        for (int i = 0; i < trials.length; i++) {
            Files.writeString(dir.resolve("%03d.json".formatted(i + 1)), trials[i]);
        }
        return dir.getParent();
    }
}
