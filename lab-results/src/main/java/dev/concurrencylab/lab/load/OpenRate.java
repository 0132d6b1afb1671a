package dev.concurrencylab.lab.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concurrencylab.lab.binding.InvalidSetting;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Constant arrival rate; {@code maxSessions} bounds requests in flight. 0 sessions means the
 * default: room for one second's arrivals, so the driver runs dry only past 1 s latency.
 * {@code connections} pins the pool to that many sockets (wrk's {@code -c}); 0, the default,
 * lets it grow with the requests in flight up to the sessions.
 */
public record OpenRate(@JsonProperty(required = true) double rate, @JsonProperty(required = true) Duration duration, int maxSessions,
        int connections) implements LoadModel {

    @Override
    public boolean constantLoad() {
        return true;
    }

    @Override
    public Optional<Duration> plannedDuration() {
        return Optional.of(duration);
    }

    public OpenRate {
        InvalidSetting.positive("rate", rate);
        maxSessions = maxSessions == 0 ? defaultSessions(rate) : InvalidSetting.atLeast("max-sessions", maxSessions, 1);
        InvalidSetting.atLeast("connections", connections, 0);
    }

    public OpenRate(double rate, Duration duration, int maxSessions) {
        this(rate, duration, maxSessions, 0);
    }

    @Override
    public Optional<LoadModel> sliced(Duration length) {
        return Optional.of(new OpenRate(rate, length, maxSessions, connections));
    }

    public ConnectionPool connectionPool() {
        return ConnectionPool.open(maxSessions, connections);
    }

    @Override
    public OptionalDouble arrivalRate() {
        return OptionalDouble.of(rate);
    }

    public String name() {
        return "open-rate";
    }

    public int maxConcurrency() {
        return maxSessions;
    }

    /** Room for one second's arrivals, so the driver runs dry only past 1 s latency; at least 16. */
    static int defaultSessions(double rate) {
        return (int) Math.max(16, Math.ceil(rate));
    }
}
