package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.report.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a trial costs on this machine besides its warm-up and window (starting and stopping its
 * server, the services, reading back async work), read from the newest complete run in
 * {@code results/}: that suite's own when there is one, else any suite's.
 */
final class PastRuns {

    /** The figure and the run it was read from. */
    record Overhead(Duration perTrial, Path from) {
    }

    private PastRuns() {
    }

    static Optional<Overhead> overhead(Path resultsRoot, String suite) {
        List<Path> runs;
        try (Stream<Path> dirs = Files.isDirectory(resultsRoot) ? Files.list(resultsRoot) : Stream.empty()) {
            runs = dirs.filter(d -> Files.isRegularFile(d.resolve("run.json"))).sorted(Comparator.reverseOrder()).toList();
        } catch (IOException e) {
            return Optional.empty();
        }
        Optional<Overhead> own = runs.stream().filter(d -> d.getFileName().toString().endsWith("-" + suite))
                .map(PastRuns::measured).flatMap(Optional::stream).findFirst();
        return own.or(() -> runs.stream().map(PastRuns::measured).flatMap(Optional::stream).findFirst());
    }

    private static Optional<Overhead> measured(Path dir) {
        try {
            RunResults run = RunResults.read(dir);
            if (run.run().progress().finished() == null || !run.run().progress().status().startsWith("complete") || run.trials().isEmpty()) {
                return Optional.empty();
            }
            Duration wall = Duration.between(Instant.parse(run.run().progress().started()), Instant.parse(run.run().progress().finished()));
            double measured = 0;
            for (TrialResult t : run.trials()) {
                Double wait = t.window().waitSeconds();
                measured += t.warmUp().warmupSeconds() + t.window().windowSeconds() + (wait == null ? 0 : wait);
            }
            double perTrial = (wall.toMillis() / 1000.0 - measured) / run.trials().size();
            return perTrial > 0 ? Optional.of(new Overhead(Duration.ofMillis(Math.round(perTrial * 1000)), dir)) : Optional.empty();
        } catch (RuntimeException e) {
            // A directory this version cannot read tells nothing about the cost here.
            return Optional.empty();
        }
    }
}
