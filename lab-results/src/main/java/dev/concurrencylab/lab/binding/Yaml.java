package dev.concurrencylab.lab.binding;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * The lab's one YAML binding: suites, catalogs, published figures and {@code hosts.yaml} are each bound
 * to a record shaped like the file (keys in kebab-case, unknown and duplicate keys rejected), and every
 * failure becomes one line, {@code file:line: path: message}. It sits on the ground floor so the
 * topology reads its file the way suites do without importing suite; a reader adds its own value
 * types (suite's durations, thresholds, values per scale) as a module.
 */
public final class Yaml {

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']+)'");

    private final ObjectMapper mapper;

    /** @param values deserializers of the reader's own value types, or an empty module */
    public Yaml(SimpleModule values) {
        mapper = YAMLMapper.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
                .addModule(values)
                .addModule(new SimpleModule("lab-positions").setDeserializerModifier(new RecordPositions.Modifier()))
                .build();
    }

    public <T> T read(Path file, Class<T> type) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SuiteException(file + ": no such file");
        } catch (IOException e) {
            throw new SuiteException(file + ": cannot read: " + e.getMessage());
        }
        return parse(file.toString(), text, type);
    }

    public <T> T parse(String name, String text, Class<T> type) {
        if (text.isBlank()) {
            throw new SuiteException(name + ": the file is empty");
        }
        try {
            return mapper.readerFor(type).withAttribute(Positions.FILE, name).readValue(text);
        } catch (JacksonException e) {
            throw translate(name, e);
        } catch (IOException e) {
            throw new SuiteException(name + ": cannot read: " + e.getMessage());
        }
    }

    private static SuiteException translate(String file, JacksonException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SuiteException known) {
                return known;
            }
            if (t instanceof MarkedYAMLException yaml) {
                int line = yaml.getProblemMark() != null ? yaml.getProblemMark().getLine() + 1 : 0;
                return new SuiteException(file + ":" + line + ": malformed YAML: " + yaml.getProblem());
            }
        }
        int line = e.getLocation() != null ? Math.max(1, e.getLocation().getLineNr()) : 0;
        String path = e instanceof JsonMappingException m ? path(m) : "";
        String message = e.getOriginalMessage();
        Matcher duplicate = DUPLICATE.matcher(message);
        if (duplicate.find()) {
            return Positions.error(file, line, "", "key '" + duplicate.group(1) + "' appears twice");
        }
        if (e instanceof InvalidTypeIdException t && t.getTypeId() != null) {
            path = path.isEmpty() ? typeKey(t) : path + "." + typeKey(t);
        }
        return Positions.error(file, line, path, switch (e) {
            case UnrecognizedPropertyException u -> "unknown key '" + u.getPropertyName() + "'; expected one of "
                    + String.join(", ", u.getKnownPropertyIds().stream().map(Object::toString).sorted().toList());
            case InvalidTypeIdException t when t.getTypeId() != null -> "unknown " + kind(t) + " '" + t.getTypeId() + "'; choose from " + kinds(t);
            case InvalidTypeIdException t -> "missing key '" + typeKey(t) + "'";
            case InvalidFormatException f -> expected(f.getTargetType()) + ", not '" + f.getValue() + "'";
            case MismatchedInputException m when m.getTargetType() != null -> expected(m.getTargetType());
            default -> message.lines().findFirst().orElse(message);
        });
    }

    private static String path(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            } else if (ref.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
            }
        }
        return path.toString();
    }

    private static String expected(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "expected a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "expected a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "expected true or false";
        }
        if (Collection.class.isAssignableFrom(type)) {
            return "expected a list";
        }
        if (type.isEnum()) {
            return "expected one of " + String.join(", ", Arrays.stream(type.getEnumConstants()).map(c -> written(type, (Enum<?>) c)).toList());
        }
        if (type == String.class || type == Duration.class) {
            return "expected a single value";
        }
        return "expected a map of key: value";
    }

    /** An enum constant as a suite file writes it: its {@code @JsonProperty} name. */
    private static String written(Class<?> type, Enum<?> constant) {
        try {
            JsonProperty name = type.getField(constant.name()).getAnnotation(JsonProperty.class);
            return name != null ? name.value() : constant.name();
        } catch (NoSuchFieldException e) {
            return constant.name();
        }
    }

    /** The key that names a record's kind, e.g. a load's {@code model}: the base type's {@link JsonTypeInfo} property. */
    private static String typeKey(InvalidTypeIdException e) {
        JsonTypeInfo info = e.getBaseType().getRawClass().getAnnotation(JsonTypeInfo.class);
        return info != null && !info.property().isEmpty() ? info.property() : "type";
    }

    /** What the file names by that key, in words from the base type's name: {@code LoadModel} is a "load model". */
    private static String kind(InvalidTypeIdException e) {
        return String.join(" ", e.getBaseType().getRawClass().getSimpleName().split("(?<=[a-z])(?=[A-Z])")).toLowerCase(Locale.ROOT);
    }

    /** The kinds a file may name: the base type's {@link JsonSubTypes}. */
    private static String kinds(InvalidTypeIdException e) {
        JsonSubTypes subtypes = e.getBaseType().getRawClass().getAnnotation(JsonSubTypes.class);
        return subtypes == null ? "" : String.join(", ", Arrays.stream(subtypes.value()).map(JsonSubTypes.Type::name).toList());
    }
}
