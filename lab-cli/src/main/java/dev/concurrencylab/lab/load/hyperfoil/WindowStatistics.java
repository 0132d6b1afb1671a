package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.CheckTally;
import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ConnectionPool;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.SecondStats;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.ConnectionStatsConsumer;
import io.hyperfoil.http.statistics.HttpStats;
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
    }

    synchronized LoadResult result(List<String> measured, LoadRun run, ConnectionPool pool, Tally tally, WindowRunner runner, SchedulingLag.Figures lag,
            Boolean steady, String failure) {
        StatisticsSnapshot total = new StatisticsSnapshot();
        List<SecondStats> series = new ArrayList<>();
        for (String phase : measured) {
            for (StatisticsSnapshot s : byPhase.getOrDefault(phase, new TreeMap<>()).values()) {
                total.add(s);
            }
        }
        for (Tally.Second s : tally.seconds()) {
            series.add(new SecondStats(series.size(), s.sent.sum(), s.answered.sum(), s.failed.sum(),
                    ms(s.good, 50), ms(s.good, 99), s.good.getTotalCount() == 0 ? 0 : s.good.getMaxValue() / 1e6));
        }
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        errors.put(ErrorClass.TIMEOUT, (long) total.requestTimeouts);
        errors.put(ErrorClass.REFUSED, tally.refused.sum());
        // A timeout closes its connection, which Hyperfoil counts as a connection error as well.
        errors.put(ErrorClass.RESET, (long) Math.max(0, total.connectionErrors - total.requestTimeouts));
        errors.put(ErrorClass.STATUS, (long) nonSuccess(total));
        errors.put(ErrorClass.CHECK, tally.checkFailed.sum());
        double window = runner.windowSeconds();
        return new LoadResult(tally.good.getIntervalHistogram(), tally.bad.getIntervalHistogram(), total.requestCount,
                total.responseCount, errors, checks(run.checks(), tally), tally.latencyFails.sum(), series, window,
                runner.waitSeconds(),
                runner.sessionLimitHit.get(), TimeUnit.NANOSECONDS.toMillis(total.blockedTime), lag,
                Math.round(runner.warmedSeconds() * 10) / 10.0, steady,
                new ConnectionUse(pool.max(), peakConnections, tally.outOfFiles.sum(), tally.outOfPorts.sum(),
                        tally.connectsFailed.sum(), tally.connectsGaveUp.sum()), failure, tally.goodAfterWindow.sum());
    }

    /** The suite's checks in k6's words, each with its passes and fails. */
    private static List<CheckTally> checks(Checks checks, Tally tally) {
        List<CheckTally> out = new ArrayList<>();
        if (checks.status() != null) {
            out.add(new CheckTally("status is " + checks.status(), tally.statusPasses.sum(), tally.statusFails.sum()));
        }
        if (checks.bodyContains() != null) {
            out.add(new CheckTally("body contains " + checks.bodyContains(), tally.bodyPasses.sum(), tally.bodyFails.sum()));
        }
        if (checks.latencyBelow() != null) {
            out.add(new CheckTally("response time < " + checks.latencyBelow().toMillis() + "ms", tally.latencyPasses.sum(),
                    tally.latencyFails.sum()));
        }
        return out;
    }

    private static int nonSuccess(StatisticsSnapshot s) {
        HttpStats http = HttpStats.get(s);
        return http.status_3xx + http.status_4xx + http.status_5xx + http.status_other;
    }

    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e6;
    }
}
