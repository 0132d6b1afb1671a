package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
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
import dev.concurrencylab.lab.binding.Positions;
import dev.concurrencylab.lab.binding.RecordPositions;
import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.Threshold;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * The one place suite files meet Jackson: binds a YAML file to its record (keys in kebab-case,
 * unknown and duplicate keys rejected) and turns every failure into one line,
 * {@code file:line: path: message}.
 */
public final class SuiteYaml {

    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']+)'");

    private static final ObjectMapper MAPPER = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
            .addModule(module())
            .build();

    private SuiteYaml() {
    }

    public static <T> T read(Path file, Class<T> type) {
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

    static <T> T parse(String name, String text, Class<T> type) {
        if (text.isBlank()) {
            throw new SuiteException(name + ": the file is empty");
        }
        try {
            return MAPPER.readerFor(type).withAttribute(Positions.FILE, name).readValue(text);
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
            path = path.isEmpty() ? "model" : path + ".model";
        }
        return Positions.error(file, line, path, switch (e) {
            case UnrecognizedPropertyException u -> "unknown key '" + u.getPropertyName() + "'; expected one of "
                    + String.join(", ", u.getKnownPropertyIds().stream().map(Object::toString).sorted().toList());
            case InvalidTypeIdException t when t.getTypeId() != null -> "unknown load model '" + t.getTypeId() + "'; choose from " + models();
            case InvalidTypeIdException t -> "missing key 'model'";
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

    static String models() {
        return String.join(", ", Arrays.stream(LoadModel.class.getAnnotation(JsonSubTypes.class).value())
                .map(JsonSubTypes.Type::name).toList());
    }

    private static SimpleModule module() {
        SimpleModule module = new SimpleModule("lab-suites");
        module.addDeserializer(Duration.class, Values.DURATION);
        module.addDeserializer(Threshold.class, Values.THRESHOLD);
        module.addDeserializer(Warmup.class, Values.WARMUP);
        module.addDeserializer(Located.class, new Values.LocatedValue(null));
        module.addDeserializer(Scaled.class, new Values.ScaledValue(null));
        module.setDeserializerModifier(new RecordPositions.Modifier());
        return module;
    }
}
