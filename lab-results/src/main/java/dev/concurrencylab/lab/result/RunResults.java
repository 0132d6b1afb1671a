package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.capacity.CapacityResults;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A results directory read back: nothing but its files, each record as it was written. A report reads
 * it through {@code verdict.WindowShapes.classed}, which classes the windows of records older than
 * their window's class by the rules of today.
 */
public record RunResults(Path dir, RunInfo run, List<TrialResult> trials) {

    /** Where a run keeps the original's published figures, so its report needs nothing outside the directory. */
    public static final String PUBLISHED_FILE = "published.yaml";

    public static RunResults read(Path dir) {
        Path runFile = dir.resolve("run.json");
        if (!Files.isRegularFile(runFile)) {
            throw new IllegalArgumentException(dir + " is not a results directory (no run.json)");
        }
        RunInfo run = readFile(runFile, RunInfo.class);
        List<TrialResult> trials = new ArrayList<>();
        Path trialDir = dir.resolve("trials");
        if (Files.isDirectory(trialDir)) {
            try (Stream<Path> files = Files.list(trialDir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                    trials.add(readFile(f, TrialResult.class));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read results in " + dir + ": " + e.getMessage(), e);
            }
        }
        trials.sort(Comparator.comparingInt(t -> t.identity().number()));
        return new RunResults(dir, run, List.copyOf(trials));
    }

    /** One results file into its record; what cannot be read is one line naming the file and the field. */
    static <T> T readFile(Path file, Class<T> type) {
        try {
            return ResultStore.JSON.readValue(file.toFile(), type);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            String field = e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .reduce((a, b) -> b.startsWith("[") ? a + b : a + "." + b).orElse("");
            throw new IllegalArgumentException("cannot read " + file + (field.isEmpty() ? "" : " at " + field) + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse(""), e);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getOriginalMessage().lines().findFirst().orElse(""), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code capacity.json} of a capacity run, read into the record it was written from; empty for other runs. */
    public Optional<CapacityResults> capacity() {
        Path file = dir.resolve(ResultStore.CAPACITY_FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(readFile(file, CapacityResults.class));
    }

    /** The original's published figures, copied in when the run began; empty for a suite without them. */
    public Optional<Published> published() {
        Path file = dir.resolve(PUBLISHED_FILE);
        return Files.isRegularFile(file) ? Optional.of(Published.read(file)) : Optional.empty();
    }

    /** The verdict rules the run recorded; the defaults for a run from before they were recorded. */
    public VerdictRules rules() {
        VerdictRules d = VerdictRules.DEFAULT;
        return new VerdictRules(run.rules().minEffectPercent() == null ? d.minEffect() : run.rules().minEffectPercent() / 100,
                run.rules().maxErrorRatePercent() == null ? d.maxErrorRate() : run.rules().maxErrorRatePercent() / 100,
                run.rules().thresholds().stream().map(Threshold::parse).toList());
    }

    /** Benchmarks in the order their first trial ran. */
    public List<String> benchmarks() {
        return List.copyOf(new LinkedHashSet<>(trials.stream().map(t -> t.identity().benchmark()).toList()));
    }

    /** Variants in the run's order (the first is the base of every comparison). */
    public List<String> variants() {
        LinkedHashSet<String> names = new LinkedHashSet<>(run.platform().jvmFlags() == null ? List.of() : run.platform().jvmFlags().keySet());
        trials.forEach(t -> names.add(t.identity().variant()));
        return List.copyOf(names);
    }

    public List<TrialResult> trials(String benchmark, String variant) {
        return trials.stream().filter(t -> t.identity().benchmark().equals(benchmark) && t.identity().variant().equals(variant)).toList();
    }

    /** The trials of a variant and benchmark that completed: what every figure and table reads. */
    public List<TrialResult> completed(String benchmark, String variant) {
        return trials(benchmark, variant).stream().filter(TrialResult::ok).toList();
    }

    /** The trial's response times, from its HdrHistogram log, or empty when it has none. */
    public Optional<Histogram> histogram(TrialResult trial) {
        if (trial.latencies().histogramLog() == null) {
            return Optional.empty();
        }
        Path log = dir.resolve("trials").resolve(trial.latencies().histogramLog());
        if (!Files.isRegularFile(log)) {
            return Optional.empty();
        }
        try {
            HistogramLogReader reader = new HistogramLogReader(log.toFile());
            Histogram total = null;
            for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (total == null) {
                    total = new Histogram(3);
                }
                total.add((Histogram) h);
            }
            return Optional.ofNullable(total);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
