package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations in results as suites write them: whole seconds as {@code 5s}, the rest as {@code 500ms}. */
final class DurationText {

    private static final Pattern TEXT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    private DurationText() {
    }

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
                Matcher m = TEXT.matcher(p.getValueAsString(""));
                if (!m.matches()) {
                    return (Duration) ctx.handleWeirdStringValue(Duration.class, p.getValueAsString(), "expected a duration such as 5s or 500ms");
                }
                double amount = Double.parseDouble(m.group(1));
                long unit = switch (m.group(2)) {
                    case "ms" -> 1;
                    case "s" -> 1_000;
                    case "m" -> 60_000;
                    default -> 3_600_000;
                };
                return Duration.ofMillis(Math.round(amount * unit));
            }
        });
        return module;
    }

    static String text(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
