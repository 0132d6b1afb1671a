package dev.concurrencylab.lab.load;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.time.Duration;
import java.util.List;

/**
 * How requests arrive during the measured window. Closed models (a fixed number of users, each
 * waiting for its answer) hide queueing delay; the open models send on a clock, so a slow server
 * shows up as latency instead of as fewer requests. In results a model is written with its suite
 * name under {@code model}, and read back by it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "model")
@JsonSubTypes({
    @JsonSubTypes.Type(value = LoadModel.ClosedStages.class, name = "closed-stages"),
    @JsonSubTypes.Type(value = LoadModel.UsersXRequests.class, name = "users-x-requests"),
    @JsonSubTypes.Type(value = LoadModel.CountXConcurrency.class, name = "count-x-concurrency"),
    @JsonSubTypes.Type(value = LoadModel.Burst.class, name = "burst"),
    @JsonSubTypes.Type(value = LoadModel.MaxRate.class, name = "max-rate"),
    @JsonSubTypes.Type(value = LoadModel.OpenRate.class, name = "open-rate"),
    @JsonSubTypes.Type(value = LoadModel.OpenRamp.class, name = "open-ramp")})
public sealed interface LoadModel {

    /** The model's name as written in suites. */
    String name();

    /** The most requests this model can have in flight at once: sizes sessions and connections. */
    int maxConcurrency();

    /** One step of a {@link ClosedStages} ramp: move to {@code users} over {@code duration}, like a k6 stage. */
    record Stage(Duration duration, int users) {
    }

    /** k6's ramping VUs (E0): users change linearly stage by stage; no think time. */
    record ClosedStages(List<Stage> stages) implements LoadModel {
        public String name() {
            return "closed-stages";
        }

        public int maxConcurrency() {
            return stages.stream().mapToInt(Stage::users).max().orElse(1);
        }
    }

    /** Gatling's "N users × M requests each, no pause" (E1). */
    record UsersXRequests(int users, int requests) implements LoadModel {
        public String name() {
            return "users-x-requests";
        }

        public int maxConcurrency() {
            return users;
        }
    }

    /** ApacheBench {@code -n count -c concurrency} (E2): exactly {@code count} requests. */
    record CountXConcurrency(int count, int concurrency) implements LoadModel {
        public String name() {
            return "count-x-concurrency";
        }

        public int maxConcurrency() {
            return concurrency;
        }
    }

    /** JMeter's "N requests fired at once" (E4). */
    record Burst(int count) implements LoadModel {
        public String name() {
            return "burst";
        }

        public int maxConcurrency() {
            return count;
        }
    }

    /** vegeta {@code -rate=0 -max-workers N} (E3): N workers send as fast as answers come back. */
    record MaxRate(int workers, Duration duration) implements LoadModel {
        public String name() {
            return "max-rate";
        }

        public int maxConcurrency() {
            return workers;
        }
    }

    /** Constant arrival rate; {@code maxSessions} bounds requests in flight. */
    record OpenRate(double rate, Duration duration, int maxSessions) implements LoadModel {
        public String name() {
            return "open-rate";
        }

        public int maxConcurrency() {
            return maxSessions;
        }
    }

    /** Arrival rate rising (or falling) linearly from {@code from} to {@code to} per second. */
    record OpenRamp(double from, double to, Duration duration, int maxSessions) implements LoadModel {
        public String name() {
            return "open-ramp";
        }

        public int maxConcurrency() {
            return maxSessions;
        }
    }
}
