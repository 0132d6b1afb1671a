package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.Slice;
import dev.concurrencylab.lab.result.TrialResult;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Where a run's wall time went, summed from its trial records: the servers' start-ups, the
 * warm-ups, the measured windows (a timed window with its wait for the last answers), and the rest
 * (stopping servers, reading handed-off work back, starting services, writing) as what the wall
 * time leaves. A scale is made shorter in the part that dominates, so this is what sizing one reads.
 *
 * @param warmups each trial's warm-up in seconds, ascending
 */
record TimeSpent(Duration wall, int trials, double startupSeconds, List<Double> warmups, double windowSeconds) {

    /** {@code null} when the run did not record when it started and finished. */
    static TimeSpent of(RunResults r) {
        RunInfo run = r.run();
        Duration wall = run.progress().wallTime().orElse(null);
        if (wall == null) {
            return null;
        }
        List<TrialResult> trials = r.trials();
        // each launch's start-up once: paired runs before 2026-12-07 wrote it on every benchmark's first slice of a block
        double startups = trials.stream().filter(t -> t.warmUp().startupMs() != null)
                .collect(Collectors.toMap(TimeSpent::launch, t -> t.warmUp().startupMs(), (a, b) -> a))
                .values().stream().mapToLong(Long::longValue).sum() / 1000.0;
        List<Double> warmups = trials.stream().map(t -> t.warmUp().warmupSeconds()).sorted().toList();
        double windows = trials.stream().mapToDouble(t -> t.window().windowSeconds() + Objects.requireNonNullElse(t.window().waitSeconds(), 0.0)).sum();
        return new TimeSpent(wall, trials.size(), startups, warmups, windows);
    }

    /** The server a trial ran on: a block's launch for a slice, the trial's own otherwise (a shared one's start-up is on its first trial alone). */
    private static Object launch(TrialResult t) {
        Slice s = t.identity().slice();
        return s == null ? t.identity().number() : List.of(s.block(), t.identity().variant(), s.copy());
    }

    double warmupSeconds() {
        return warmups.stream().mapToDouble(Double::doubleValue).sum();
    }

    double restSeconds() {
        return Math.max(0, wall.toMillis() / 1000.0 - startupSeconds - warmupSeconds() - windowSeconds);
    }

    /** The table's cells after the run's name: each part as minutes and seconds with its share of the wall time. */
    List<String> cells() {
        String perTrial = warmups.isEmpty() ? "–" : new Spread(Spread.median(warmups), warmups.getFirst(), warmups.getLast(), warmups.size()).text() + " s";
        // whole seconds, as the runs table gives the wall time
        return List.of(Integer.toString(trials), clock(wall.toSeconds()), part(startupSeconds), part(warmupSeconds()), perTrial,
                part(windowSeconds), part(restSeconds()));
    }

    static List<String> headings() {
        return List.of("run", "trials", "wall time", "server start-ups", "warm-ups", "warm-up per trial", "measured windows", "the rest");
    }

    private String part(double seconds) {
        double share = wall.isZero() ? 0 : 100 * seconds / (wall.toMillis() / 1000.0);
        return String.format(Locale.ROOT, "%s (%.0f %%)", clock(seconds), share);
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
