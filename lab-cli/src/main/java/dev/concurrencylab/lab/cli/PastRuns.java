package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunProgress;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a launch and a trial cost on this machine besides warm-ups and windows (a server's start-up;
 * stopping it, the services, reading back async work), read from the newest complete run in
 * {@code results/}: that suite's own when there is one, else any suite's; and how long counted
 * windows took in the newest complete run of the suite at the same scale.
 */
final class PastRuns {

    /**
     * The figures and the run they were read from.
     *
     * @param perLaunch a server's mean start-up there
     * @param perTrial  the rest of the time besides warm-ups and windows, per trial
     */
    record Overhead(Duration perLaunch, Duration perTrial, Path from) {
    }

    /** How long each variant's windows of each benchmark took (with a timed window's wait), shortest and longest, and the run they were read from. */
    record Windows(Map<Estimate.Slot, Estimate.Span> bySlot, Path from) {
    }

    private PastRuns() {
    }

    /** Counted windows are as long as the server takes: only the same suite at the same scale on this machine says how long. */
    static Optional<Windows> windows(Path resultsRoot, String suite, String scale) {
        for (Past past : newestFirst(resultsRoot)) {
            if (!suite.equals(past.run().definition().suite()) || !scale.equals(past.run().definition().scale())) {
                continue;
            }
            Optional<RunResults> run = past.trials();
            if (run.isEmpty()) {
                continue;
            }
            Map<Estimate.Slot, Estimate.Span> spans = new LinkedHashMap<>();
            for (TrialResult t : run.get().trials()) {
                if (t.window() == null || t.window().windowSeconds() <= 0) {
                    continue;
                }
                Duration took = Duration.ofMillis(Math.round(windowAndWait(t) * 1000));
                spans.merge(new Estimate.Slot(t.identity().variant(), t.identity().benchmark()), new Estimate.Span(took, took), Estimate.Span::widen);
            }
            return Optional.of(new Windows(spans, past.dir()));
        }
        return Optional.empty();
    }

    static Optional<Overhead> overhead(Path resultsRoot, String suite) {
        List<Past> runs = newestFirst(resultsRoot);
        // the suite as the run recorded it: a run written with --out has a directory named as its user chose
        Optional<Overhead> own = runs.stream().filter(p -> suite.equals(p.run().definition().suite()))
                .map(PastRuns::measured).flatMap(Optional::stream).findFirst();
        return own.or(() -> runs.stream().map(PastRuns::measured).flatMap(Optional::stream).findFirst());
    }

    /** A complete run found under {@code results/}, by its run.json alone: its trials are read only for the run chosen. */
    private record Past(Path dir, RunInfo run) {

        /** Its trials, or empty when they cannot be read (a directory this version cannot read tells nothing about the cost here). */
        Optional<RunResults> trials() {
            try {
                RunResults read = RunResults.read(dir);
                return read.trials().isEmpty() ? Optional.empty() : Optional.of(read);
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
    }

    /** Complete runs under {@code resultsRoot}, newest first by when each started: a directory named with --out does not sort by time. */
    private static List<Past> newestFirst(Path resultsRoot) {
        try (Stream<Path> dirs = Files.isDirectory(resultsRoot) ? Files.list(resultsRoot) : Stream.empty()) {
            return dirs.map(PastRuns::complete).flatMap(Optional::stream)
                    .sorted(Comparator.comparing((Past p) -> Instant.parse(p.run().progress().started())).reversed()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The run in {@code dir} when its run.json says it finished complete. */
    private static Optional<Past> complete(Path dir) {
        try {
            RunInfo run = ResultStore.JSON.readValue(dir.resolve("run.json").toFile(), RunInfo.class);
            RunProgress progress = run.progress();
            boolean complete = progress.status() != null && progress.status().startsWith("complete") && progress.trialsWritten() > 0
                    // both times are read later: a run whose times do not parse is no use
                    && progress.wallTime().filter(Duration::isPositive).isPresent();
            return complete ? Optional.of(new Past(dir, run)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The trial's window and, after a timed one, the wait for its last answers, in seconds. */
    private static double windowAndWait(TrialResult t) {
        Double wait = t.window().waitSeconds();
        return t.window().windowSeconds() + (wait == null ? 0 : wait);
    }

    /** What the run cost besides its warm-ups and windows, or empty when its trials cannot be read. */
    private static Optional<Overhead> measured(Past past) {
        Optional<RunResults> read = past.trials();
        if (read.isEmpty()) {
            return Optional.empty();
        }
        RunProgress progress = past.run().progress();
        Duration wall = progress.wallTime().orElseThrow();
        List<TrialResult> trials = read.get().trials();
        double measured = 0;
        long startups = 0;
        long startupMs = 0;
        for (TrialResult t : trials) {
            measured += t.warmUp().warmupSeconds() + windowAndWait(t);
            if (t.warmUp().startupMs() != null) {
                startups++;
                startupMs += t.warmUp().startupMs();
            }
        }
        double besides = wall.toMillis() / 1000.0 - measured;
        if (besides <= 0) {
            return Optional.empty();
        }
        double perLaunch = startups == 0 ? 0 : startupMs / 1000.0 / startups;
        double perTrial = Math.max(0, besides - startupMs / 1000.0) / trials.size();
        return Optional.of(new Overhead(Duration.ofMillis(Math.round(perLaunch * 1000)), Duration.ofMillis(Math.round(perTrial * 1000)), past.dir()));
    }
}
