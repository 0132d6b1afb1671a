package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.CheckTally;
import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ConnectionPool;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.RequestLoad;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.SecondStats;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.ConnectionStatsConsumer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Keeps copies of Hyperfoil's per-second snapshots (it resets them after the callback) for the
 * window's totals, and the most connections its pool had open; the per-second series comes from the
 * tally, whose histograms have no range limit.
 */
final class WindowStatistics implements io.hyperfoil.core.impl.statistics.StatisticsCollector.StatisticsConsumer,
        ConnectionStatsConsumer {
    /** Hyperfoil's tag for the open HTTP/1.1 connections of a pool (a gauge with its low and high marks). */
    private static final String OPEN_CONNECTIONS = "HTTP 1.x";

    private final Map<String, TreeMap<Integer, StatisticsSnapshot>> byPhase = new LinkedHashMap<>();
    /** Per phase, each metric's totals: a mix's requests report under their own names. */
    private final Map<String, Map<String, StatisticsSnapshot>> byMetric = new LinkedHashMap<>();
    private int peakConnections;

    @Override
    public synchronized void accept(String authority, String tag, int min, int max) {
        if (OPEN_CONNECTIONS.equals(tag)) {
            peakConnections = Math.max(peakConnections, max);
        }
    }

    @Override
    public synchronized void accept(Phase phase, int stepId, String metric, StatisticsSnapshot snapshot,
            io.hyperfoil.core.util.CountDown countDown) {
        byPhase.computeIfAbsent(phase.name(), k -> new TreeMap<>())
                .merge(snapshot.sequenceId, snapshot.clone(), (a, b) -> {
                    a.add(b);
                    return a;
                });
        byMetric.computeIfAbsent(phase.name(), k -> new LinkedHashMap<>()).computeIfAbsent(metric, k -> new StatisticsSnapshot()).add(snapshot);
    }

    synchronized LoadResult result(List<String> measured, LoadRun run, ConnectionPool pool, Tally tally, WindowRunner runner, SchedulingLag.Figures lag,
            Boolean steady, String failure) {
        StatisticsSnapshot total = new StatisticsSnapshot();
        List<SecondStats> series = new ArrayList<>();
        List<Histogram> goodPerSecond = new ArrayList<>();
        for (String phase : measured) {
            for (StatisticsSnapshot s : byPhase.getOrDefault(phase, new TreeMap<>()).values()) {
                total.add(s);
            }
        }
        for (Tally.Second s : tally.seconds()) {
            series.add(new SecondStats(series.size(), s.sent.sum(), s.answered.sum(), s.failed.sum(),
                    ms(s.good, 50), ms(s.good, 99), s.good.getTotalCount() == 0 ? 0 : s.good.getMaxValue() / 1e6));
            goodPerSecond.add(s.good.copy());
        }
        Map<ErrorClass, Long> errors = errors(total, tally);
        errors.put(ErrorClass.REFUSED, tally.refused.sum());
        double window = runner.windowSeconds();
        return new LoadResult(tally.good.getIntervalHistogram(), tally.bad.getIntervalHistogram(), total.requestCount,
                total.responseCount, errors, checks(run, tally), tally.latencyFails.sum(), series, window,
                runner.waitSeconds(),
                runner.sessionLimitHit.get(), TimeUnit.NANOSECONDS.toMillis(total.blockedTime), lag,
                Math.round(runner.warmedSeconds() * 10) / 10.0, steady,
                new ConnectionUse(pool.max(), peakConnections, tally.outOfFiles.sum(), tally.outOfPorts.sum(),
                        tally.connectsFailed.sum(), tally.connectsGaveUp.sum()), failure, tally.goodAfterWindow.sum(),
                requests(measured, run, tally), goodPerSecond);
    }

    /** Failed requests by class, but for refused connects, which the pool makes ahead of any one request. */
    private static Map<ErrorClass, Long> errors(StatisticsSnapshot s, CheckCounts counts) {
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        errors.put(ErrorClass.TIMEOUT, (long) s.requestTimeouts);
        // A timeout closes its connection, which Hyperfoil counts as a connection error as well.
        errors.put(ErrorClass.RESET, (long) Math.max(0, s.connectionErrors - s.requestTimeouts));
        errors.put(ErrorClass.STATUS, counts.statusFailed.sum());
        errors.put(ErrorClass.CHECK, counts.checkFailed.sum());
        return errors;
    }

    /** A mix's requests, each from its own metric (the engine's) and its own part of the tally (the lab's). */
    private List<RequestLoad> requests(List<String> measured, LoadRun run, Tally tally) {
        List<RequestLoad> out = new ArrayList<>();
        for (NamedRequest r : run.request().mix()) {
            StatisticsSnapshot s = new StatisticsSnapshot();
            for (String phase : measured) {
                StatisticsSnapshot part = byMetric.getOrDefault(phase, Map.of()).get(r.name());
                if (part != null) {
                    s.add(part);
                }
            }
            Tally.Named n = tally.named(r.name());
            out.add(new RequestLoad(r.name(), r.weight(), n.sent.sum(), n.answered.sum(), n.good.getIntervalHistogram(),
                    n.bad.getIntervalHistogram(), errors(s, n), n.goodAfterWindow.sum()));
        }
        return out;
    }

    /** The suite's checks in k6's words, each with its passes and fails; a mix's under each request's name. */
    private static List<CheckTally> checks(LoadRun run, Tally tally) {
        if (run.request().mix().isEmpty()) {
            return checks("", run.checks(), tally);
        }
        List<CheckTally> out = new ArrayList<>();
        for (NamedRequest r : run.request().mix()) {
            out.addAll(checks(r.name() + ": ", r.checks(), tally.named(r.name())));
        }
        return out;
    }

    private static List<CheckTally> checks(String prefix, Checks checks, CheckCounts counts) {
        List<CheckTally> out = new ArrayList<>();
        if (checks.status() != null) {
            out.add(new CheckTally(prefix + "status is " + checks.status(), counts.statusPasses.sum(), counts.statusFails.sum()));
        }
        if (checks.bodyContains() != null) {
            out.add(new CheckTally(prefix + "body contains " + checks.bodyContains(), counts.bodyPasses.sum(), counts.bodyFails.sum()));
        }
        if (checks.latencyBelow() != null) {
            out.add(new CheckTally(prefix + "response time < " + checks.latencyBelow().toMillis() + "ms", counts.latencyPasses.sum(),
                    counts.latencyFails.sum()));
        }
        return out;
    }


    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e6;
    }
}
