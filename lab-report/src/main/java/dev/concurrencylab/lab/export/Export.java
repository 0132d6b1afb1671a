package dev.concurrencylab.lab.export;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/**
 * A finished results directory written where other tools read results: OpenMetrics for Prometheus and
 * Grafana, JUnit XML for CI. Each is a pure function of the directory's files, so {@code ./lab report
 * DIR --export ...} writes the same as the run that made it did.
 */
public enum Export {

    OPENMETRICS("openmetrics", ".om.txt", OpenMetricsExport::of),
    JUNIT("junit", ".xml", JUnitExport::of);

    private final String key;
    private final String extension;
    private final Function<RunResults, String> render;

    Export(String key, String extension, Function<RunResults, String> render) {
        this.key = key;
        this.extension = extension;
        this.render = render;
    }

    /** A format by its name on the command line; the message names those there are. */
    public static Export of(String key) {
        return Arrays.stream(values()).filter(e -> e.key.equals(key.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--export " + key + ": unknown format; choose openmetrics or junit"));
    }

    public String key() {
        return key;
    }

    /**
     * Writes the run in {@code resultsDir} into folder {@code outDir} (made when missing) under a name of
     * the results directory's, so the exports of several runs can share a folder; returns the file.
     * JUnit files are named {@code TEST-*.xml}, the pattern CI plugins look for by default.
     */
    public Path write(Path resultsDir, Path outDir) {
        RunResults results = WindowShapes.classed(RunResults.read(resultsDir));
        String run = resultsDir.toAbsolutePath().normalize().getFileName().toString();
        Path file = outDir.resolve((this == JUNIT ? "TEST-lab-" : "") + run + extension);
        try {
            Files.createDirectories(outDir);
            Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
            Files.writeString(tmp, render.apply(results), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }
}
