package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;

/**
 * What the measured window looked like second by second, in Barrett et al.'s classes ("Virtual
 * Machine Warmup Blows Hot and Cold", OOPSLA 2017): one level throughout, or levels apart by more
 * than the minimum effect.
 *
 * @param figure   the per-second figure read: answers per second (closed models) or p50 in ms (open)
 * @param shape    its class
 * @param segments the levels, in order; one for a flat window
 */
public record WindowShape(String figure, Shape shape, List<Segment> segments) {

    public enum Shape {
        /** One level throughout. */
        FLAT("flat"),
        /** Ended better than it began: the server was still warming in the window. */
        WARM_UP("warm-up"),
        /** Ended worse than it began. */
        SLOWDOWN("slowdown"),
        /** More than one move: no level held to the end. */
        NO_STEADY_STATE("no-steady-state");

        private final String key;

        Shape(String key) {
            this.key = key;
        }

        @JsonValue
        public String key() {
            return key;
        }

        @JsonCreator
        public static Shape of(String key) {
            return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown window shape '" + key + "'"));
        }
    }

    /** Seconds {@code from} (inclusive) to {@code to} (exclusive) of the window, and their mean. */
    public record Segment(int from, int to, double mean) {
    }

    public boolean flat() {
        return shape == Shape.FLAT;
    }
}
