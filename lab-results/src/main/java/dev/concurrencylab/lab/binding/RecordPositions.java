package dev.concurrencylab.lab.binding;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.BeanDeserializerBase;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.io.IOException;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a record of a suite file went wrong: its own line for a missing key or a value its
 * constructor rejects, and an unknown key's own line the moment it is read.
 */
final class RecordPositions {

    private RecordPositions() {
    }

    /**
     * Reports a record the file cannot build (a missing key, a value its constructor rejects) at
     * the line where the record starts, not where the parser stopped after reading it.
     */
    static final class Modifier extends BeanDeserializerModifier {
        @Override
        public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
            return deserializer instanceof BeanDeserializerBase ? new Started(deserializer) : deserializer;
        }
    }

    private static final class Started extends DelegatingDeserializer {
        private static final Pattern MISSING = Pattern.compile("Missing required creator property '([^']+)'");

        Started(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new Started(delegate);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String file = Positions.file(ctxt);
            int line = Positions.line(p);
            String path = Positions.path(p);
            try {
                return _delegatee.deserialize(new KnownKeys(p, ctxt, ((BeanDeserializerBase) _delegatee).getKnownPropertyNames()), ctxt);
            } catch (JsonMappingException e) {
                for (Throwable t = e; t != null; t = t.getCause()) {
                    if (t instanceof SuiteException) {
                        throw e;
                    }
                    if (t instanceof InvalidSetting s) {
                        throw Positions.error(file, line, s.key() == null ? path : join(path, s.key()), s.getMessage());
                    }
                    Matcher missing = t instanceof MismatchedInputException ? MISSING.matcher(t.getMessage()) : null;
                    if (missing != null && missing.find()) {
                        throw Positions.error(file, line, path, "missing key '" + missing.group(1) + "'");
                    }
                }
                throw e;
            }
        }

        private static String join(String path, String key) {
            return path.isEmpty() ? key : path + "." + key;
        }
    }

    /**
     * Rejects a key the record does not have as soon as it is read. Jackson would only find it
     * after building the record, so a missing key would be reported first and at the wrong line.
     */
    private static final class KnownKeys extends JsonParserDelegate {
        private final JsonStreamContext record;
        private final DeserializationContext ctxt;
        private final Collection<Object> known;

        KnownKeys(JsonParser p, DeserializationContext ctxt, Collection<Object> known) throws IOException {
            super(p);
            this.record = p.getParsingContext();
            this.ctxt = ctxt;
            this.known = known;
            check(p.currentToken());
        }

        @Override
        public JsonToken nextToken() throws IOException {
            return check(super.nextToken());
        }

        @Override
        public String nextFieldName() throws IOException {
            return nextToken() == JsonToken.FIELD_NAME ? currentName() : null;
        }

        @Override
        public boolean nextFieldName(SerializableString name) throws IOException {
            return nextToken() == JsonToken.FIELD_NAME && name.getValue().equals(currentName());
        }

        private JsonToken check(JsonToken token) throws IOException {
            if (token == JsonToken.FIELD_NAME && getParsingContext() == record && !known.contains(currentName())) {
                String path = Positions.path(this);
                throw Positions.error(Positions.file(ctxt), Positions.line(this), path.isEmpty() ? currentName() : path + "." + currentName(),
                        "unknown key '" + currentName() + "'; expected one of "
                                + String.join(", ", known.stream().map(Object::toString).sorted().toList()));
            }
            return token;
        }
    }
}
