package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.concurrencylab.lab.binding.Yaml;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.Threshold;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The one place suite files meet Jackson: binds a suite, catalog or published file with the lab's
 * {@link Yaml} binding (keys in kebab-case, unknown and duplicate keys rejected, every failure one line,
 * {@code file:line: path: message}), adding the value types suites write.
 */
public final class SuiteYaml {

    private static final Yaml YAML = new Yaml(module());

    private SuiteYaml() {
    }

    public static <T> T read(Path file, Class<T> type) {
        return YAML.read(file, type);
    }

    static <T> T parse(String name, String text, Class<T> type) {
        return YAML.parse(name, text, type);
    }

    private static SimpleModule module() {
        SimpleModule module = new SimpleModule("lab-suites");
        module.addDeserializer(Duration.class, Values.DURATION);
        module.addDeserializer(Threshold.class, Values.THRESHOLD);
        module.addDeserializer(Warmup.class, Values.WARMUP);
        module.addDeserializer(Located.class, new Values.LocatedValue(null));
        module.addDeserializer(Scaled.class, new Values.ScaledValue(null));
        return module;
    }
}
