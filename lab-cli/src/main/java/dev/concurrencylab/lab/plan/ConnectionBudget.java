package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.ConnectionPool;
import dev.concurrencylab.lab.load.OpenFiles;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The connections one of a plan's benchmarks holds at once, set against the files this process may
 * open. Every connection is a file; a benchmark whose pinned connections cannot all be
 * opened fails every one of its trials as {@code driver-out-of-files}, so the run refuses to start
 * rather than spend its hours on void trials.
 *
 * @param benchmark the benchmark
 * @param pool      its connections
 */
public record ConnectionBudget(String benchmark, ConnectionPool pool) {

    /**
     * The files the lab holds beside the load's connections: its jars, logs, histogram writers, the
     * engine's event loops, the pipes to its children and its sockets to their metrics. Measured at
     * 2 s intervals: {@code ./lab run quick} held at most 109 that were not sockets and 41 sockets beyond its
     * 32 workers; a test's child lab, with the test classpath's jars, 236 that were not sockets.
     */
    static final int OWN_FILES = 256;

    /** Why {@code plan} cannot start under {@code files}: the benchmark with the most connections sure to open, if they do not fit. */
    public static Optional<String> refusal(Plan plan, OpenFiles files) {
        return of(plan).max(Comparator.comparingInt(ConnectionBudget::sure)).flatMap(b -> b.refusal(files));
    }

    /** A word before {@code plan} runs: the benchmark whose pool may grow the most, if it may grow past {@code files}. */
    public static Optional<String> caution(Plan plan, OpenFiles files) {
        return of(plan).filter(b -> b.pool().grows()).max(Comparator.comparingInt(b -> b.pool().max())).flatMap(b -> b.caution(files));
    }

    /** Why a capacity search cannot start under {@code files}: its first step's connections do not fit. */
    public static Optional<String> refusal(CapacityPlan plan, OpenFiles files) {
        return new ConnectionBudget(plan.benchmark().name(), plan.load(plan.search().startRate()).connectionPool()).refusal(files);
    }

    /** A word before a capacity search whose highest step may open more connections than {@code files} allow. */
    public static Optional<String> caution(CapacityPlan plan, OpenFiles files) {
        double highest = plan.search().highestRate();
        int most = plan.load(highest).connectionPool().max();
        if (fits(most, files)) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the search of %s may rise to %,.0f req/s, whose step may open up to %,d connections, "
                + "more than the lab's %s allows beside its own files; a step that needs them is flagged driver-out-of-files and "
                + "ends the search as the driver's limit", plan.benchmark().name(), highest, most, files.describe()));
    }

    /** Every benchmark's pool, fresh and paired. */
    private static Stream<ConnectionBudget> of(Plan plan) {
        Stream<ConnectionBudget> fresh = plan.trials().stream().map(t -> new ConnectionBudget(t.benchmark().name(), t.load().connectionPool()));
        Stream<ConnectionBudget> paired = plan.paired().stream()
                .map(b -> new ConnectionBudget(b.name(), b.load().at(plan.scale()).connectionPool()));
        return Stream.concat(fresh, paired);
    }

    /** The connections opened whatever the demand: a growing pool's first ones, a pinned pool's all. */
    int sure() {
        return pool.grows() ? pool.core() : pool.max();
    }

    /** Why the run cannot start under {@code files}: the pool's sure connections do not fit. */
    public Optional<String> refusal(OpenFiles files) {
        int sure = sure();
        if (!fits(sure, files)) {
            return Optional.of(String.format(Locale.ROOT, "benchmark %s opens %,d connections, a file each, and the lab needs about %d "
                    + "files of its own: more than its %s, so every trial would fail for want of files; raise the limit (ulimit -n %d "
                    + "before ./lab; as root above the hard limit) or lower the load", benchmark, sure, OWN_FILES, files.describe(), needed(sure)));
        }
        return Optional.empty();
    }

    /** A word before the run when the pool may grow past what {@code files} allow: the slices that need it would be flagged. */
    public Optional<String> caution(OpenFiles files) {
        if (pool.grows() && !fits(pool.max(), files)) {
            return Optional.of(String.format(Locale.ROOT, "benchmark %s may open up to %,d connections as its requests in flight grow, "
                    + "more than the lab's %s allows beside its own files; a trial that needs them is flagged driver-out-of-files",
                    benchmark, pool.max(), files.describe()));
        }
        return Optional.empty();
    }

    private static boolean fits(int connections, OpenFiles files) {
        return files.soft() < 0 || needed(connections) <= files.soft();
    }

    private static long needed(int connections) {
        return (long) connections + OWN_FILES;
    }
}
