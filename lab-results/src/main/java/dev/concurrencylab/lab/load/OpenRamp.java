package dev.concurrencylab.lab.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concurrencylab.lab.binding.InvalidSetting;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/** Arrival rate rising (or falling) linearly from {@code from} to {@code to} per second; sessions and connections as {@link OpenRate}. */
public record OpenRamp(@JsonProperty(required = true) double from, @JsonProperty(required = true) double to,
        @JsonProperty(required = true) Duration duration, int maxSessions, int connections) implements LoadModel {

    @Override
    public boolean constantLoad() {
        return from == to;
    }

    @Override
    public Optional<Duration> plannedDuration() {
        return Optional.of(duration);
    }

    public OpenRamp {
        InvalidSetting.positive("from", from);
        InvalidSetting.positive("to", to);
        maxSessions = maxSessions == 0 ? OpenRate.defaultSessions(Math.max(from, to)) : InvalidSetting.atLeast("max-sessions", maxSessions, 1);
        InvalidSetting.atLeast("connections", connections, 0);
    }

    public OpenRamp(double from, double to, Duration duration, int maxSessions) {
        this(from, to, duration, maxSessions, 0);
    }

    public ConnectionPool connectionPool() {
        return ConnectionPool.open(maxSessions, connections);
    }

    @Override
    public OptionalDouble arrivalRate() {
        return OptionalDouble.of((from + to) / 2);
    }

    public String name() {
        return "open-ramp";
    }

    public int maxConcurrency() {
        return maxSessions;
    }
}
