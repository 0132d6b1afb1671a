package dev.concurrencylab.lab.load.share;

import dev.concurrencylab.lab.load.CheckTally;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.RequestLoad;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.SecondStats;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
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
        Map<String, CheckTally> checks = new LinkedHashMap<>();
        Map<Integer, SecondStats> series = new TreeMap<>();
        Boolean steady = null;
        SchedulingLag.Figures lag = SchedulingLag.Figures.NONE;
        ConnectionUse pools = ConnectionUse.NONE;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++) {
            LoadResult p = parts.get(i);
            good.add(p.latencyNanos());
            failed.add(p.failedLatencyNanos());
            p.errors().forEach((c, n) -> errors.merge(c, n, Long::sum));
            p.checks().forEach(c -> checks.merge(c.name(), c, CheckTally::plus));
            p.series().forEach(s -> series.merge(s.second(), s, SecondStats::plus));
            if (p.steady() != null) {
                steady = (steady == null || steady) && p.steady();
            }
            lag = lag.worst(p.driverLag() == null ? SchedulingLag.Figures.NONE : p.driverLag());
            pools = pools.plus(p.connections() == null ? ConnectionUse.NONE : p.connections());
            if (p.failure() != null) {
                failures.add(names.get(i) + ": " + p.failure());
            }
        }
        return new LoadResult(good, failed, sum(parts, LoadResult::sent), sum(parts, LoadResult::answered), errors,
                List.copyOf(checks.values()), sum(parts, LoadResult::latencyCheckFailed), List.copyOf(series.values()),
                longest(parts, LoadResult::windowSeconds), longest(parts, LoadResult::waitSeconds),
                parts.stream().anyMatch(LoadResult::sessionLimitHit), sum(parts, LoadResult::blockedMillis), lag,
                longest(parts, LoadResult::warmedSeconds), steady, pools, failures.isEmpty() ? null : String.join("; ", failures),
                sum(parts, LoadResult::goodAfterWindow), requests(parts), goodPerSecond(parts));
    }

    /** Each second's response times over the shares, by the second's place in the window; none unless every share kept its seconds. */
    private static List<Histogram> goodPerSecond(List<LoadResult> parts) {
        if (parts.stream().anyMatch(p -> p.goodPerSecond().isEmpty())) {
            return List.of();
        }
        List<Histogram> merged = new ArrayList<>();
        for (LoadResult p : parts) {
            for (int s = 0; s < p.goodPerSecond().size(); s++) {
                if (s == merged.size()) {
                    merged.add(new Histogram(3));
                }
                merged.get(s).add(p.goodPerSecond().get(s));
            }
        }
        return List.copyOf(merged);
    }

    /** A mix's requests, each merged by name as the whole is: every share ran the same mix. */
    private static List<RequestLoad> requests(List<LoadResult> parts) {
        Map<String, RequestLoad> byName = new LinkedHashMap<>();
        for (LoadResult p : parts) {
            for (RequestLoad r : p.requests()) {
                byName.merge(r.name(), r, (a, b) -> {
                    Histogram good = new Histogram(3);
                    good.add(a.latencyNanos());
                    good.add(b.latencyNanos());
                    Histogram failed = new Histogram(3);
                    failed.add(a.failedLatencyNanos());
                    failed.add(b.failedLatencyNanos());
                    Map<ErrorClass, Long> errors = new EnumMap<>(ErrorClass.class);
                    a.errors().forEach((c, n) -> errors.merge(c, n, Long::sum));
                    b.errors().forEach((c, n) -> errors.merge(c, n, Long::sum));
                    return new RequestLoad(a.name(), a.weight(), a.sent() + b.sent(), a.answered() + b.answered(), good, failed, errors,
                            a.goodAfterWindow() + b.goodAfterWindow());
                });
            }
        }
        return List.copyOf(byName.values());
    }

    private static long sum(List<LoadResult> parts, ToLongFunction<LoadResult> count) {
        return parts.stream().mapToLong(count).sum();
    }

    /** The shares ran one schedule from one start, so a time is the slowest share's. */
    private static double longest(List<LoadResult> parts, ToDoubleFunction<LoadResult> time) {
        return parts.stream().mapToDouble(time).max().orElse(0);
    }
}
