package dev.concurrencylab.lab.load.share;

import dev.concurrencylab.lab.load.CheckTally;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.SecondStats;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What several drivers measured of one window, as one result. Counts add up and histograms merge
 * exactly (HdrHistogram's add), so the percentiles are those of every answer. The shares ran the
 * same schedule from the same start: the window is the longest share's, so the rate is the total
 * sent over it. A second's p50 and p99 cannot be merged from the parts' figures: the merged
 * series keeps the slowest driver's, said as such in docs/hosts.md.
 */
public final class MergedLoad {

    private MergedLoad() {
    }

    /** @param parts each driver's result, in driver order; {@code names} name them in a failure */
    public static LoadResult merge(List<LoadResult> parts, List<String> names) {
        if (parts.size() == 1) {
            return parts.getFirst();
        }
        Histogram good = new Histogram(3);
        Histogram failed = new Histogram(3);
        Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
        Map<String, long[]> checks = new LinkedHashMap<>();
        Map<Integer, SecondStats> series = new TreeMap<>();
        long sent = 0;
        long answered = 0;
        long latencyCheckFailed = 0;
        long blocked = 0;
        double window = 0;
        double wait = 0;
        double warmed = 0;
        boolean sessionLimit = false;
        Boolean steady = null;
        double lagMax = 0;
        double lagP999 = 0;
        int bound = 0;
        int peak = 0;
        long outOfFiles = 0;
        long outOfPorts = 0;
        long refused = 0;
        long gaveUp = 0;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            LoadResult p = parts.get(i);
            good.add(p.latencyNanos());
            failed.add(p.failedLatencyNanos());
            p.errors().forEach((c, n) -> errors.merge(c, n, Long::sum));
            p.checks().forEach(c -> {
                long[] t = checks.computeIfAbsent(c.name(), n -> new long[2]);
                t[0] += c.passes();
                t[1] += c.fails();
            });
            p.series().forEach(s -> series.merge(s.second(), s, MergedLoad::sameSecond));
            sent += p.sent();
            answered += p.answered();
            latencyCheckFailed += p.latencyCheckFailed();
            blocked += p.blockedMillis();
            window = Math.max(window, p.windowSeconds());
            wait = Math.max(wait, p.waitSeconds());
            warmed = Math.max(warmed, p.warmedSeconds());
            sessionLimit |= p.sessionLimitHit();
            if (p.steady() != null) {
                steady = (steady == null || steady) && p.steady();
            }
            SchedulingLag.Figures lag = p.driverLag() == null ? SchedulingLag.Figures.NONE : p.driverLag();
            lagMax = Math.max(lagMax, lag.maxMs());
            lagP999 = Math.max(lagP999, lag.p999Ms());
            ConnectionUse c = p.connections() == null ? ConnectionUse.NONE : p.connections();
            bound += c.bound();
            peak += c.peak();
            outOfFiles += c.outOfFiles();
            outOfPorts += c.outOfPorts();
            refused += c.refused();
            gaveUp += c.gaveUp();
            if (p.failure() != null) {
                failures.add(names.get(i) + ": " + p.failure());
            }
        }
        List<CheckTally> tallies = checks.entrySet().stream().map(e -> new CheckTally(e.getKey(), e.getValue()[0], e.getValue()[1])).toList();
        return new LoadResult(good, failed, sent, answered, errors, tallies, latencyCheckFailed, List.copyOf(series.values()), window, wait,
                sessionLimit, blocked, new SchedulingLag.Figures(lagMax, lagP999), warmed, steady,
                new ConnectionUse(bound, peak, outOfFiles, outOfPorts, refused, gaveUp),
                failures.isEmpty() ? null : String.join("; ", failures));
    }

    private static SecondStats sameSecond(SecondStats a, SecondStats b) {
        return new SecondStats(a.second(), a.sent() + b.sent(), a.answered() + b.answered(), a.errors() + b.errors(),
                Math.max(a.p50Ms(), b.p50Ms()), Math.max(a.p99Ms(), b.p99Ms()), Math.max(a.maxMs(), b.maxMs()));
    }
}
