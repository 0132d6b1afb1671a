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

    record WorkloadFile(String description, @JsonProperty(required = true) Request request, Checks checks,
            List<String> services, String statsKey, Map<String, String> params) {
    }

    record Request(String method, @JsonProperty(required = true) String path, String body, String contentType) {
    }
}
