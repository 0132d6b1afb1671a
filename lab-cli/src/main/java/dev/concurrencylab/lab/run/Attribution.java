package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.capacity.Slo;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.OpenFiles;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.result.Delivery;
import dev.concurrencylab.lab.result.Flag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Decides whose doing it was when requests left late. Running out of sessions or connections only
 * says that requests waited; Little's law says why. With {@code S} sessions at {@code R} arrivals a
 * second the driver runs dry exactly when answers take longer than {@code S / R}: if the server's
 * answers took that long (or timed out, or its connections were closed), the server was the limit
 * ({@code overloaded}, a result). The driver is blamed ({@code generator-limited}) only on evidence
 * about the driver: its JVM stalled, or it fell behind while the server answered in time.
 */
final class Attribution {

    /** Arrivals this far short of the target are reported. */
    static final double SHORT = Slo.SHORT;

    private Attribution() {
    }

    record Outcome(Delivery delivery, Map<Flag, String> flags) {
    }

    static Outcome of(LoadModel model, LoadResult load) {
        return of(model, load, false);
    }

    /**
     * Arrivals due by the window's end that were never sent. The engine sends on whole milliseconds
     * and its phase may end a tick before the schedule's last arrival (1,000 req/s for 10 s sent
     * 9,999 to a server at 40 % of its ceiling): one tick's arrivals are the engine's slack, not a backlog, and
     * counting them marked every on-time window's percentiles as lower bounds.
     */
    static long unsent(double perSecond, LoadResult load) {
        long due = Math.round(perSecond * load.windowSeconds());
        long lastTick = (long) Math.ceil(perSecond / 1000);
        return Math.max(0, due - lastTick - load.sent());
    }

    static Outcome of(LoadModel model, LoadResult load, boolean serverDied) {
        return of(model, load, serverDied, 1);
    }

    /**
     * @param serverDied the server's process ended during the window: that, not overload, is why requests waited
     * @param perArrival requests each arrival sends (a sequence's steps): the target is counted in requests, as what was sent is,
     *                   and a session lasts that many answers
     */
    static Outcome of(LoadModel model, LoadResult load, boolean serverDied, int perArrival) {
        OptionalDouble rate = model.arrivalRate();
        Double target = rate.isPresent() ? rate.getAsDouble() * perArrival : null;
        Integer sessions = model.open() ? model.maxConcurrency() : null;
        long behind = target == null ? 0 : unsent(target, load);
        ConnectionUse pool = load.connections();
        Delivery delivery = new Delivery(target, round(load.sendRate()), behind, sessions, round(load.driverLag().maxMs()),
                pool.bound() == 0 ? null : pool.bound(), pool.peak() == 0 ? null : pool.peak(), pool.refused());
        Map<Flag, String> flags = new LinkedHashMap<>();
        if (pool.outOfFiles() > 0) {
            flags.put(Flag.DRIVER_OUT_OF_FILES, String.format(Locale.ROOT, "%,d connects failed for want of a file descriptor (the lab's %s)"
                    + "; the pool had %,d connections open at most of the %,d it may open", pool.outOfFiles(),
                    OpenFiles.ofThisProcess().describe(), pool.peak(), pool.bound()));
        }
        if (pool.outOfPorts() > 0) {
            flags.put(Flag.DRIVER_OUT_OF_PORTS, String.format(Locale.ROOT, "%,d connects failed for want of a free local port; the pool"
                    + " had %,d connections open at most", pool.outOfPorts(), pool.peak()));
        }

        List<String> server = new ArrayList<>();
        if (serverDied) {
            server.add("the server died");
        } else if (load.sessionLimitHit() && sessions != null) {
            double budgetMs = 1000.0 * sessions / target;
            long timeouts = load.errors().getOrDefault(ErrorClass.TIMEOUT, 0L);
            if (timeouts > 0 || load.maxLatencyMs() >= 0.9 * budgetMs) {
                server.add(String.format(Locale.ROOT, "all %,d sessions were waiting for answers: the slowest took %,.0f ms%s, and %,d sessions"
                        + " at %s req/s last %,.0f ms", sessions, load.maxLatencyMs(), timeouts > 0 ? " (" + timeouts + " timed out)" : "",
                        sessions, number(target), budgetMs));
            }
        }
        if (target != null && load.blockedMillis() > 0 && pool.bound() > 0 && sessions != null && pool.bound() < sessions) {
            // A pool pinned below the sessions: the same law, with connections for sessions.
            double budgetMs = 1000.0 * pool.bound() / target;
            if (load.maxLatencyMs() >= 0.9 * budgetMs) {
                server.add(String.format(Locale.ROOT, "all %,d connections were waiting for answers: the slowest took %,.0f ms, and %,d"
                        + " connections at %s req/s last %,.0f ms", pool.bound(), load.maxLatencyMs(), pool.bound(), number(target), budgetMs));
            }
        }
        if (pool.gaveUp() > 0 && !serverDied) {
            server.add(String.format(Locale.ROOT, "the server stopped accepting connections: %,d connects were refused or timed out"
                    + " (warm-up included), and the driver's pool gave up on %,d requests after 100 in a row", pool.refused(), pool.gaveUp()));
        }
        long lost = load.errors().getOrDefault(ErrorClass.RESET, 0L) + load.errors().getOrDefault(ErrorClass.REFUSED, 0L)
                + load.errors().getOrDefault(ErrorClass.TIMEOUT, 0L);
        if (load.blockedMillis() > 0 && lost > 0 && !serverDied) {
            server.add(String.format(Locale.ROOT, "requests waited %,d ms in total for connections the server closed, refused or"
                    + " left hanging (%,d)", load.blockedMillis(), lost));
        }

        List<String> driver = new ArrayList<>();
        SchedulingLag.Figures lag = load.driverLag();
        if (lag.stalled()) {
            driver.add(String.format(Locale.ROOT, "the driver's JVM was kept from running for up to %,.0f ms (stall bound %,.0f ms)",
                    lag.maxMs(), SchedulingLag.STALL_MS));
        }
        if (server.isEmpty()) {
            if (load.sessionLimitHit()) {
                driver.add(String.format(Locale.ROOT, "the driver ran out of its %,d sessions while the slowest answer took %,.0f ms",
                        sessions == null ? model.maxConcurrency() : sessions, load.maxLatencyMs()));
            }
            // A connection opened per request, or one a growing pool opens as requests in flight rise, is waited
            // for while the server accepts it: part of the answer's time, as for a browser. Only a pool that could
            // not grow (pinned, or at its bound) held requests back by the driver's own choice.
            boolean poolAtItsLimit = !model.connectionPool().grows() || pool.peak() >= pool.bound();
            // Weighed against the time the window's requests were in flight: a few ms of wait over a
            // window of thousands of answers (seen: 1-3 ms over 23,000 answers of 300 ms) held nothing back.
            if (load.blockedMillis() > SHORT * inFlightMillis(load) && !model.connectsPerRequest() && poolAtItsLimit) {
                driver.add(String.format(Locale.ROOT, "requests waited %,d ms in total for a connection, none lost by the server",
                        load.blockedMillis()));
            }
            if (delivery.shortfall() > SHORT) {
                driver.add(arrivals(delivery));
            }
        }
        // A driver short of its own files or ports explains whatever else went wrong: the server is not blamed.
        if (!driver.isEmpty()) {
            flags.put(Flag.GENERATOR_LIMITED, String.join("; ", driver));
        } else if (!server.isEmpty() && !serverDied && flags.isEmpty()) {
            if (delivery.shortfall() > SHORT) {
                server.add(arrivals(delivery) + "; the latency of arrivals never sent is in no figure, so the percentiles are lower bounds");
            }
            flags.put(Flag.OVERLOADED, String.join("; ", server));
        }
        return new Outcome(delivery, flags);
    }

    private static String arrivals(Delivery d) {
        return String.format(Locale.ROOT, "sent %s req/s of the %s asked for (%.1f %% short, %,d arrivals never sent)",
                number(d.achievedRate()), number(d.targetRate()), 100 * d.shortfall(), d.behind());
    }

    private static String number(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    /** The time the window's answered requests were in flight, good or not, in ms. */
    static double inFlightMillis(LoadResult load) {
        return (load.latencyNanos().getMean() * load.latencyNanos().getTotalCount()
                + load.failedLatencyNanos().getMean() * load.failedLatencyNanos().getTotalCount()) / 1e6;
    }
}
