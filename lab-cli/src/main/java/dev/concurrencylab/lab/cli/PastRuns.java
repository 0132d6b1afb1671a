package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.report.RunResults;
import dev.concurrencylab.lab.result.ResultStore;
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
        for (Path dir : newestFirst(resultsRoot)) {
            try {
                RunResults run = RunResults.read(dir);
                if (!suite.equals(run.run().definition().suite()) || !scale.equals(run.run().definition().scale()) || !complete(run)) {
                    continue;
                }
                Map<Estimate.Slot, Estimate.Span> spans = new LinkedHashMap<>();
                for (TrialResult t : run.trials()) {
                    if (t.window() == null || t.window().windowSeconds() <= 0) {
                        continue;
                    }
                    Duration took = Duration.ofMillis(Math.round(windowAndWait(t) * 1000));
                    spans.merge(new Estimate.Slot(t.identity().variant(), t.identity().benchmark()), new Estimate.Span(took, took), Estimate.Span::widen);
                }
                return Optional.of(new Windows(spans, dir));
            } catch (RuntimeException e) {
                // A directory this version cannot read tells nothing about the cost here.
            }
        }
        return Optional.empty();
    }

    static Optional<Overhead> overhead(Path resultsRoot, String suite) {
        List<Path> runs = newestFirst(resultsRoot);
        // the suite as the run recorded it: a run written with --out has a directory named as its user chose
        Optional<Overhead> own = runs.stream().map(d -> measured(d, suite)).flatMap(Optional::stream).findFirst();
        return own.or(() -> runs.stream().map(d -> measured(d, null)).flatMap(Optional::stream).findFirst());
    }

    /** Runs under {@code resultsRoot}, newest first by when each started: a directory named with --out does not sort by time. */
    private static List<Path> newestFirst(Path resultsRoot) {
        try (Stream<Path> dirs = Files.isDirectory(resultsRoot) ? Files.list(resultsRoot) : Stream.empty()) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("run.json"))).sorted(Comparator.comparing(PastRuns::started).reversed()).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean complete(RunResults run) {
        return run.run().progress().finished() != null && run.run().progress().status().startsWith("complete") && !run.trials().isEmpty();
    }

    /** The trial's window and, after a timed one, the wait for its last answers, in seconds. */
    private static double windowAndWait(TrialResult t) {
        Double wait = t.window().waitSeconds();
        return t.window().windowSeconds() + (wait == null ? 0 : wait);
    }

    /** When the run in {@code dir} started, as its run.json says; runs that do not say sort first. */
    private static Instant started(Path dir) {
        try {
            String started = ResultStore.JSON.readTree(dir.resolve("run.json").toFile()).path("started").asText("");
            return started.isEmpty() ? Instant.MIN : Instant.parse(started);
        } catch (IOException | RuntimeException e) {
            return Instant.MIN;
        }
    }

    /** @param suite the suite the run must be of, or {@code null} for any */
    private static Optional<Overhead> measured(Path dir, String suite) {
        try {
            RunResults run = RunResults.read(dir);
            if (suite != null && !suite.equals(run.run().definition().suite())) {
                return Optional.empty();
            }
            if (!complete(run)) {
                return Optional.empty();
            }
            Duration wall = Duration.between(Instant.parse(run.run().progress().started()), Instant.parse(run.run().progress().finished()));
            double measured = 0;
            long startups = 0;
            long startupMs = 0;
            for (TrialResult t : run.trials()) {
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
            double perTrial = Math.max(0, besides - startupMs / 1000.0) / run.trials().size();
            return Optional.of(new Overhead(Duration.ofMillis(Math.round(perLaunch * 1000)), Duration.ofMillis(Math.round(perTrial * 1000)), dir));
        } catch (RuntimeException e) {
            // A directory this version cannot read tells nothing about the cost here.
            return Optional.empty();
        }
    }
}
