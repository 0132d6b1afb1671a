package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import dev.concurrencylab.lab.binding.DurationText;
import dev.concurrencylab.lab.binding.Positions;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.Threshold;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/** The suite file's own value types, read so that a bad value is reported where it was written. */
final class Values {

    private Values() {
    }

    /** {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}. */
    static final JsonDeserializer<Duration> DURATION = DurationText.AS_WRITTEN;

    /** A fixed warm-up ({@code 10s}), or until steady within bounds ({@code {min: 5s, max: 30s}}). */
    static final JsonDeserializer<Warmup> WARMUP = new StdDeserializer<>(Warmup.class) {
        @Override
        public Warmup deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken().isScalarValue()) {
                return Warmup.fixed(DURATION.deserialize(p, ctxt));
            }
            Bounds bounds = ctxt.readValue(p, Bounds.class);
            return Warmup.steady(bounds.min(), bounds.max());
        }
    };

    /** A warm-up's bounds as written. */
    record Bounds(@JsonProperty(required = true) Duration min, @JsonProperty(required = true) Duration max) {
    }

    /** {@code p95 < 500ms}, {@code error-rate < 1%}: see {@link Threshold}. */
    static final JsonDeserializer<Threshold> THRESHOLD = new StdDeserializer<>(Threshold.class) {
        @Override
        public Threshold deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            try {
                return Threshold.parse(text(p));
            } catch (IllegalArgumentException e) {
                throw Positions.error(p, ctxt, e.getMessage());
            }
        }
    };

    /** {@code 5%}, read as the fraction 0.05. */
    static final class Percent extends StdDeserializer<Double> {
        Percent() {
            super(Double.class);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String t = text(p).strip();
            try {
                if (t.endsWith("%")) {
                    double value = Double.parseDouble(t.substring(0, t.length() - 1).strip());
                    if (value < 0 || value > 100) {
                        throw Positions.error(p, ctxt, "must be from 0% to 100%, not '" + t + "'");
                    }
                    return value / 100;
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw Positions.error(p, ctxt, "expected a percentage such as 5%, not '" + t + "'");
        }
    }

    /** Any value, with the line and path it was written at. */
    static final class LocatedValue extends StdDeserializer<Located<?>> implements ContextualDeserializer {
        private final JavaType valueType;

        LocatedValue(JavaType valueType) {
            super(Located.class);
            this.valueType = valueType;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) {
            JavaType type = ctxt.getContextualType() != null ? ctxt.getContextualType() : property.getType();
            return new LocatedValue(type.containedTypeOrUnknown(0));
        }

        @Override
        public Located<?> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String file = Positions.file(ctxt);
            int line = Positions.line(p);
            String path = Positions.path(p);
            return new Located<>(ctxt.readValue(p, valueType), file, line, path);
        }
    }

    /** One value for every scale, or a map of scale → value (see {@link Scaled}). */
    static final class ScaledValue extends StdDeserializer<Scaled<?>> implements ContextualDeserializer {
        private final JsonDeserializer<Object> values;

        ScaledValue(JsonDeserializer<Object> values) {
            super(Scaled.class);
            this.values = values;
        }

        @Override
        public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property) throws JsonMappingException {
            JavaType type = ctxt.getContextualType() != null ? ctxt.getContextualType() : property.getType();
            return new ScaledValue(ctxt.findRootValueDeserializer(type.containedTypeOrUnknown(0)));
        }

        @Override
        public Scaled<?> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                return Scaled.of(values.deserialize(p, ctxt));
            }
            int line = Positions.line(p);
            String path = Positions.path(p);
            String key = p.nextFieldName();
            if (key == null || Scale.find(key) == null) {
                // A map that is the value itself: its deserializer goes on from the first key.
                return Scaled.of(values.deserialize(p, ctxt));
            }
            Map<Scale, Object> byScale = new EnumMap<>(Scale.class);
            for (; key != null; key = p.nextFieldName()) {
                Scale scale = Scale.find(key);
                if (scale == null) {
                    throw Positions.error(Positions.file(ctxt), Positions.line(p), path + "." + key,
                            "unknown key '" + key + "'; expected one of full, quick, standard");
                }
                p.nextToken();
                byScale.put(scale, values.deserialize(p, ctxt));
            }
            if (!byScale.containsKey(Scale.QUICK)) {
                throw Positions.error(Positions.file(ctxt), line, path,
                        "a value given per scale needs at least 'quick' (larger scales fall back to smaller ones)");
            }
            return new Scaled<>(byScale);
        }
    }

    private static String text(JsonParser p) throws IOException {
        return p.currentToken().isScalarValue() ? p.getText() : "a " + (p.currentToken() == JsonToken.START_ARRAY ? "list" : "map");
    }
}
