package dev.concurrencylab.lab.binding;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as suites write them ({@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}), read the same in
 * suites and results; results write whole seconds as {@code 5s}, the rest as {@code 500ms}.
 */
public final class DurationText {

    private static final Pattern TEXT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private DurationText() {
    }

    /**
     * {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h} in a file a user wrote (a suite, published
     * figures), read by {@link Yaml} so that a bad value is reported where it was written.
     */
    public static final JsonDeserializer<Duration> AS_WRITTEN = new StdDeserializer<>(Duration.class) {
        @Override
        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            Duration d = p.currentToken().isScalarValue() ? parse(p.getText()) : null;
            if (d == null) {
                String written = p.currentToken().isScalarValue() ? p.getText()
                        : "a " + (p.currentToken() == JsonToken.START_ARRAY ? "list" : "map");
                throw Positions.error(p, ctxt, "expected a duration such as 500ms, 30s or 2m, not '" + written + "'");
            }
            return d;
        }
    };

    /** Registered by {@link Json#MAPPER}: results and the wire write durations as suites do. */
    static SimpleModule module() {
        SimpleModule module = new SimpleModule("lab-durations");
        module.addSerializer(Duration.class, new JsonSerializer<>() {
            @Override
            public void serialize(Duration d, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(text(d));
            }
        });
        module.addDeserializer(Duration.class, new JsonDeserializer<>() {
            @Override
            public Duration deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
                Duration d = parse(p.getValueAsString(""));
                return d != null ? d : (Duration) ctx.handleWeirdStringValue(Duration.class, p.getValueAsString(),
                        "expected a duration such as 5s or 500ms");
            }
        });
        return module;
    }

    /** As a clock shows elapsed time: {@code 4:05}, or {@code 1:02:03} from an hour. */
    public static String clock(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }

    /** The duration {@code text} says, or {@code null} when it is not one. */
    public static Duration parse(String text) {
        Matcher m = TEXT.matcher(text.strip());
        if (!m.matches()) {
            return null;
        }
        long unit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        return Duration.ofMillis(Math.round(Double.parseDouble(m.group(1)) * unit));
    }

    static String text(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
