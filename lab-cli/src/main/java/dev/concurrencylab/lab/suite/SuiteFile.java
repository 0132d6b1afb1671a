package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.concurrencylab.lab.binding.InvalidSetting;
import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.Threshold;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A suite file as written (docs/suites.md), bound by {@link SuiteYaml}; {@link SuiteLoader} resolves
 * its names against the catalog. Values checked after binding keep where they were written.
 */
record SuiteFile(
        @JsonProperty(required = true) String name,
        String description,
        @JsonProperty(required = true) Located<List<Located<VariantFile>>> variants,
        Scaled<Integer> trials,
        Scaled<Warmup> warmup,
        Launch launch,
        Map<String, Located<CatalogFile.WorkloadFile>> workloads,
        @JsonProperty(required = true) Located<List<Located<BenchmarkFile>>> benchmarks,
        CapacityFile capacity,
        @JsonDeserialize(using = Values.Percent.class) Double minEffect,
        @JsonDeserialize(using = Values.Percent.class) Double maxErrorRate,
        List<Threshold> thresholds,
        Scaled<Integer> cycles) {

    SuiteFile {
        if (trials != null) {
            trials.values().values().forEach(n -> InvalidSetting.atLeast("trials", n, 1));
        }
        if (cycles != null) {
            cycles.values().values().forEach(n -> InvalidSetting.atLeast("cycles", n, 1));
        }
        thresholds = thresholds == null ? List.of() : thresholds;
        workloads = workloads == null ? Map.of() : workloads;
    }

    /**
     * A variant: the name of one in the catalog, or a whole definition (with {@code name} in a
     * suite, under its key in the catalog).
     */
    record VariantFile(String name, String description, String jar, String url, Map<String, String> properties,
            List<String> jvmFlags, List<String> services) {

        @JsonCreator
        VariantFile {
            properties = properties == null ? Map.of() : properties;
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static VariantFile named(String name) {
            return new VariantFile(name, null, null, null, null, null, null);
        }

        boolean reference() {
            return jar == null && url == null && description == null && jvmFlags == null && services == null && properties.isEmpty();
        }
    }

    record BenchmarkFile(
            String name,
            @JsonProperty(required = true) Located<String> workload,
            Map<String, Located<Scaled<String>>> params,
            @JsonProperty(required = true) Scaled<LoadModel> load,
            Checks checks,
            Duration timeout,
            Located<List<String>> services,
            boolean cold,
            Boolean monitor,
            boolean pace,
            boolean jfr,
            Design design) {
    }

    record CapacityFile(
            @JsonProperty(required = true) Scaled<Double> startRate,
            Double growth,
            Double maxRate,
            Double closeEnough,
            Scaled<Integer> maxSteps,
            SloFile slo) {

        CapacityFile {
            growth = growth == null ? 1.25 : growth;
            closeEnough = closeEnough == null ? 1.05 : closeEnough;
            if (growth <= 1 || closeEnough <= 1) {
                throw new InvalidSetting(null, "growth and close-enough must be above 1 (e.g. 1.25 and 1.05)");
            }
            startRate.values().values().forEach(r -> InvalidSetting.positive("start-rate", r));
            if (maxSteps != null) {
                maxSteps.values().values().forEach(n -> InvalidSetting.atLeast("max-steps", n, 1));
            }
        }
    }

    record SloFile(Duration p99, Double maxErrorRate) {
    }
}
