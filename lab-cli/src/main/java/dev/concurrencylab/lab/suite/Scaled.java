package dev.concurrencylab.lab.suite;

import java.util.EnumMap;
import java.util.Map;

/**
 * A suite value that may differ by scale. A scale left out takes the value of the next smaller
 * scale given, so {@code {quick: 1, full: 5}} means 1 at quick and standard, 5 at full.
 */
public record Scaled<T>(Map<Scale, T> values) {

    public static <T> Scaled<T> of(T value) {
        Map<Scale, T> all = new EnumMap<>(Scale.class);
        for (Scale s : Scale.values()) {
            all.put(s, value);
        }
        return new Scaled<>(all);
    }

    public T at(Scale scale) {
        for (int i = scale.ordinal(); i >= 0; i--) {
            T value = values.get(Scale.values()[i]);
            if (value != null) {
                return value;
            }
        }
        throw new IllegalStateException("no value for scale " + scale.key());
    }
}
