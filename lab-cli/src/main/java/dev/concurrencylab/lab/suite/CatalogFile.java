package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concurrencylab.lab.load.Checks;
import java.util.List;
import java.util.Map;

/** The two catalog files as written: {@code variants.yaml} and {@code workloads.yaml}, bound by {@link SuiteYaml}. */
final class CatalogFile {

    private CatalogFile() {
    }

    record Variants(Defaults defaults, @JsonProperty(required = true) Map<String, Located<SuiteFile.VariantFile>> variants) {
    }

    /** @param jvmFlags the flags every variant gets unless it lists its own */
    record Defaults(List<String> jvmFlags) {
    }

    record Workloads(@JsonProperty(required = true) Map<String, Located<WorkloadFile>> workloads) {
    }

    /** One of {@code request}, {@code mix} and {@code sequence}; {@code checks} are their requests' unless one has its own. */
    record WorkloadFile(String description, Request request, Located<List<Located<MixedFile>>> mix,
            Located<List<Located<StepFile>>> sequence, Checks checks, List<String> services, String statsKey, Map<String, String> params) {
    }

    /** One step of a sequence: each session sends it once, after the steps before it. */
    record StepFile(@JsonProperty(required = true) String name, @JsonProperty(required = true) Request request, Checks checks) {
    }

    /** One request of a mix: sent {@code weight} times in every sum-of-weights requests. */
    record MixedFile(@JsonProperty(required = true) String name, @JsonProperty(required = true) int weight,
            @JsonProperty(required = true) Request request, Checks checks) {
    }

    record Request(String method, @JsonProperty(required = true) String path, String body, String contentType) {
    }
}
