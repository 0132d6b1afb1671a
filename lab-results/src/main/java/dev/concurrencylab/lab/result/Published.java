package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.module.SimpleModule;
import dev.concurrencylab.lab.binding.DurationText;
import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.binding.Yaml;
import dev.concurrencylab.lab.load.LoadModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What an original experiment published, as data ({@code suites/published/<suite>.yaml}): the runs
 * it made, in the lab's load models; its figures, on its own hardware; and the comparisons it
 * claimed, as ratios of those figures. A report compares only the ratios with what it measured.
 *
 * @param experiment  E0 to E4
 * @param tool        the original's load tool and how it ran
 * @param hardware    the original's machine, as its write-up states it
 * @param runs        the original's load per benchmark; a suite at full scale must match them
 * @param figures     absolute figures as published (units as the lab's figure of that name)
 * @param comparisons each claim: one side's figure over the other's
 */
public record Published(
        @JsonProperty(required = true) String experiment,
        @JsonProperty(required = true) String title,
        @JsonProperty(required = true) String tool,
        @JsonProperty(required = true) String hardware,
        List<Run> runs,
        @JsonProperty(required = true) List<Value> figures,
        List<Claim> comparisons) {

    /** Its runs' load models hold the only value type of its own a published file writes: durations. */
    private static final Yaml YAML = new Yaml(new SimpleModule("lab-published").addDeserializer(Duration.class, DurationText.AS_WRITTEN));

    /** Where the suite's published figures live, if it has any. */
    public static final String FOLDER = "published";

    public Published {
        runs = runs == null ? List.of() : runs;
        comparisons = comparisons == null ? List.of() : comparisons;
        for (Claim c : comparisons) {
            for (Side side : List.of(c.of(), c.over())) {
                if (value(figures, c.figure(), side).isEmpty()) {
                    throw new SuiteException(experiment + ": the comparison of " + c.figure() + " needs a published "
                            + c.figure() + " for " + side + ", and the figures have none");
                }
            }
        }
    }

    /**
     * @param load   the original's load, in the lab's model
     * @param params the workload parameters it ran with, where they matter (E4's iterations)
     */
    public record Run(@JsonProperty(required = true) String benchmark, @JsonProperty(required = true) LoadModel load,
            Map<String, String> params) {

        public Run {
            params = params == null ? Map.of() : params;
        }
    }

    /** One published figure; {@code figure} is a report figure's key (e.g. {@code throughput}, {@code p95}). */
    public record Value(@JsonProperty(required = true) String benchmark, @JsonProperty(required = true) String variant,
            @JsonProperty(required = true) String figure, @JsonProperty(required = true) double value) {
    }

    /** A variant on a benchmark: one side of a comparison. */
    public record Side(@JsonProperty(required = true) String variant, @JsonProperty(required = true) String benchmark) {

        @Override
        public String toString() {
            return variant + " on " + benchmark;
        }
    }

    /** The original's claim that {@code of}'s figure is some multiple of {@code over}'s. */
    public record Claim(@JsonProperty(required = true) String figure, @JsonProperty(required = true) Side of,
            @JsonProperty(required = true) Side over) {
    }

    /** The published ratio of a claim, from the published figures. */
    public double ratio(Claim claim) {
        return value(figures, claim.figure(), claim.of()).getAsDouble() / value(figures, claim.figure(), claim.over()).getAsDouble();
    }

    public OptionalDouble value(String figure, Side side) {
        return value(figures, figure, side);
    }

    private static OptionalDouble value(List<Value> figures, String figure, Side side) {
        return figures.stream().filter(v -> v.figure().equals(figure) && v.variant().equals(side.variant())
                && v.benchmark().equals(side.benchmark())).mapToDouble(Value::value).findFirst();
    }

    /** The published figures for a suite, from {@code suitesDir/published/<suite>.yaml}; empty when it has none. */
    public static Optional<Published> forSuite(Path suitesDir, String suite) {
        Path file = file(suitesDir, suite);
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    public static Path file(Path suitesDir, String suite) {
        return suitesDir.resolve(FOLDER).resolve(suite.toLowerCase(Locale.ROOT) + ".yaml");
    }

    /** Reads a published file; a bad one is one line with its place, as a suite's is. */
    public static Published read(Path file) {
        return YAML.read(file, Published.class);
    }
}
