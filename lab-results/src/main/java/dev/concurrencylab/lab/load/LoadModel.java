package dev.concurrencylab.lab.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.concurrencylab.lab.binding.InvalidSetting;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How requests arrive during the measured window. Closed models (a fixed number of users, each
 * waiting for its answer) hide queueing delay; the open models send on a clock, so a slow server
 * shows up as latency instead of as fewer requests. Suites and results both name a model under
 * {@code model} and are read by these records, whose constructors reject a model that cannot run.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "model")
@JsonSubTypes({
    @JsonSubTypes.Type(value = LoadModel.ClosedStages.class, name = "closed-stages"),
    @JsonSubTypes.Type(value = LoadModel.UsersXRequests.class, name = "users-x-requests"),
    @JsonSubTypes.Type(value = LoadModel.CountXConcurrency.class, name = "count-x-concurrency"),
    @JsonSubTypes.Type(value = LoadModel.Burst.class, name = "burst"),
    @JsonSubTypes.Type(value = LoadModel.MaxRate.class, name = "max-rate"),
    @JsonSubTypes.Type(value = ClosedSweep.class, name = "closed-sweep"),
    @JsonSubTypes.Type(value = OpenRate.class, name = "open-rate"),
    @JsonSubTypes.Type(value = OpenRamp.class, name = "open-ramp")})
public sealed interface LoadModel permits LoadModel.ClosedStages, LoadModel.UsersXRequests, LoadModel.CountXConcurrency,
        LoadModel.Burst, LoadModel.MaxRate, ClosedSweep, OpenRate, OpenRamp {

    /** The model's name as written in suites. */
    String name();

    /** The most requests this model can have in flight at once: sizes its sessions. */
    int maxConcurrency();

    /**
     * The driver's connections: a closed model's users each keep their own, opened before the
     * window; an open model's pool grows with the requests in flight (see {@link ConnectionPool}).
     */
    default ConnectionPool connectionPool() {
        return ConnectionPool.pinned(maxConcurrency());
    }

    /** Requests arrive on a clock (open model), not when a user's last answer came back. */
    default boolean open() {
        return arrivalRate().isPresent();
    }

    /**
     * Arrivals per second over the window on average, for a model that sends on a clock: what the
     * driver should have sent, which its delivery is held to; empty where users wait for their answers.
     */
    default OptionalDouble arrivalRate() {
        return OptionalDouble.empty();
    }

    /** Runs for a set time, as opposed to ending when its counted requests are done. */
    default boolean timed() {
        return plannedDuration().isPresent();
    }

    /**
     * The same load from the window's first second to its last (a fixed rate, a fixed number of
     * users), so a change in the window's figures is the server's; a ramp changes them by design.
     */
    default boolean constantLoad() {
        return false;
    }

    /** How long its window runs, when the model sets it; empty for a counted window (as long as the server takes). */
    default Optional<Duration> plannedDuration() {
        return Optional.empty();
    }

    /**
     * The same load for one slice of a paired design ({@code length} long), where the model holds one
     * level for its whole window, or the model itself where its window is already a job every server can
     * run in turn ({@link CountXConcurrency}); empty for a ramp or a burst, whose figures need a fresh or
     * a ramping server.
     */
    default Optional<LoadModel> sliced(Duration length) {
        return Optional.empty();
    }

    /** When its warm-up may end: on p50 for open models, whose throughput is the arrival rate; on throughput otherwise. */
    default SteadyState steadyState() {
        return open() ? SteadyState.LATENCY : SteadyState.THROUGHPUT;
    }

    /**
     * Every request opens its own connection as it is sent, as JMeter's threads did in E4's burst;
     * otherwise requests share a pool opened before the window. Waiting for such a connection is
     * the server accepting it: part of the answer's time, not the driver's doing.
     */
    default boolean connectsPerRequest() {
        return this instanceof Burst;
    }

    /** One step of a {@link ClosedStages} ramp: move to {@code users} over {@code duration}, like a k6 stage. */
    record Stage(@JsonProperty(required = true) Duration duration, @JsonProperty(required = true) int users) {
        public Stage {
            InvalidSetting.atLeast("users", users, 0);
        }
    }

    /** k6's ramping VUs (E0): users change linearly stage by stage; no think time. */
    record ClosedStages(@JsonProperty(required = true) List<Stage> stages) implements LoadModel {

        @Override
        public Optional<Duration> plannedDuration() {
            return Optional.of(stages.stream().map(Stage::duration).reduce(Duration.ZERO, Duration::plus));
        }

        public ClosedStages {
            stages = List.copyOf(stages);
            if (stages.stream().allMatch(st -> st.users() == 0)) {
                throw new InvalidSetting(null, "closed-stages needs at least one stage with users above 0");
            }
        }

        public String name() {
            return "closed-stages";
        }

        public int maxConcurrency() {
            return stages.stream().mapToInt(Stage::users).max().orElse(1);
        }
    }

    /** Gatling's "N users × M requests each, no pause" (E1). */
    record UsersXRequests(@JsonProperty(required = true) int users, @JsonProperty(required = true) int requests) implements LoadModel {
        public UsersXRequests {
            InvalidSetting.atLeast("users", users, 1);
            InvalidSetting.atLeast("requests", requests, 1);
        }

        public String name() {
            return "users-x-requests";
        }

        public int maxConcurrency() {
            return users;
        }
    }

    /** ApacheBench {@code -n count -c concurrency} (E2): exactly {@code count} requests. */
    record CountXConcurrency(@JsonProperty(required = true) int count, @JsonProperty(required = true) int concurrency) implements LoadModel {
        public CountXConcurrency {
            InvalidSetting.atLeast("count", count, 1);
            InvalidSetting.atLeast("concurrency", concurrency, 1);
            if (count % concurrency != 0) {
                throw new InvalidSetting(null, "count (" + count + ") must be a multiple of concurrency (" + concurrency
                        + ") so every user sends the same number");
            }
        }

        /**
         * A counted job is its own slice: E2's N × C runs as it is on each live server in turn, however
         * long it takes, and the lab waits for its handed-off work before the next server's slice.
         */
        @Override
        public Optional<LoadModel> sliced(Duration length) {
            return Optional.of(this);
        }

        public String name() {
            return "count-x-concurrency";
        }

        public int maxConcurrency() {
            return concurrency;
        }
    }

    /** JMeter's "N requests fired at once" (E4). */
    record Burst(@JsonProperty(required = true) int count) implements LoadModel {
        public Burst {
            InvalidSetting.atLeast("count", count, 1);
        }

        public String name() {
            return "burst";
        }

        public int maxConcurrency() {
            return count;
        }
    }

    /** vegeta {@code -rate=0 -max-workers N} (E3): N workers send as fast as answers come back. */
    record MaxRate(@JsonProperty(required = true) int workers, @JsonProperty(required = true) Duration duration) implements LoadModel {

        @Override
        public boolean constantLoad() {
            return true;
        }

        @Override
        public Optional<Duration> plannedDuration() {
            return Optional.of(duration);
        }

        public MaxRate {
            InvalidSetting.atLeast("workers", workers, 1);
        }

        @Override
        public Optional<LoadModel> sliced(Duration length) {
            return Optional.of(new MaxRate(workers, length));
        }

        public String name() {
            return "max-rate";
        }

        public int maxConcurrency() {
            return workers;
        }
    }
}
