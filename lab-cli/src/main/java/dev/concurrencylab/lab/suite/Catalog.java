package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Checks;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The variants and workloads suites refer to by name, read from {@code variants.yaml} and
 * {@code workloads.yaml} in the suites folder. Also holds the folder, to find suites by name.
 */
public record Catalog(Path suitesDir, Path home, Map<String, Variant> variants, Map<String, Workload> workloads,
        List<String> defaultJvmFlags) {

    static final Set<String> SERVICES = Set.of("postgresql", "kafka", "rabbitmq", "redis");

    public static Catalog load(Path home) {
        Path dir = home.resolve("suites");
        CatalogFile.Variants variantsFile = SuiteYaml.read(dir.resolve("variants.yaml"), CatalogFile.Variants.class);
        List<String> flags = variantsFile.defaults() != null && variantsFile.defaults().jvmFlags() != null
                ? variantsFile.defaults().jvmFlags() : List.of();
        Map<String, Variant> variants = new LinkedHashMap<>();
        variantsFile.variants().forEach((name, v) -> variants.put(name, variant(name, v, home, flags)));
        Map<String, Workload> workloads = new LinkedHashMap<>();
        SuiteYaml.read(dir.resolve("workloads.yaml"), CatalogFile.Workloads.class).workloads()
                .forEach((name, w) -> workloads.put(name, workload(name, w)));
        return new Catalog(dir, home, variants, workloads, flags);
    }

    static Variant variant(String name, Located<SuiteFile.VariantFile> at, Path home, List<String> defaultFlags) {
        SuiteFile.VariantFile v = at.value();
        List<String> flags = v.jvmFlags() != null ? v.jvmFlags() : defaultFlags;
        String description = v.description() != null ? v.description() : "";
        if ((v.url() == null) == (v.jar() == null)) {
            throw at.error("variant '" + name + "' needs exactly one of jar (a Spring Boot jar the lab starts) or url (a server already running)");
        }
        if (v.services() != null) {
            for (String service : v.services()) {
                if (!SERVICES.contains(service)) {
                    throw at.error("services", unknownService(service));
                }
            }
        }
        if (v.url() != null) {
            URI url;
            try {
                url = URI.create(v.url());
            } catch (IllegalArgumentException e) {
                url = null;
            }
            if (url == null || url.getHost() == null || url.getPort() < 0) {
                throw at.error("url", "expected a URL with host and port, such as http://127.0.0.1:8080");
            }
            return new Variant(name, description, null, new TreeMap<>(v.properties()), flags, url, v.services());
        }
        return new Variant(name, description, home.resolve(v.jar()), new TreeMap<>(v.properties()), flags, null, v.services());
    }

    static Workload workload(String name, Located<CatalogFile.WorkloadFile> at) {
        CatalogFile.WorkloadFile w = at.value();
        List<String> services = w.services() != null ? w.services() : List.of();
        for (String s : services) {
            if (!SERVICES.contains(s)) {
                throw at.error("services", unknownService(s));
            }
        }
        CatalogFile.Request request = w.request();
        return new Workload(name, w.description() != null ? w.description() : "",
                request.method() != null ? request.method() : "GET", request.path(), request.body(),
                request.contentType() != null ? request.contentType() : "application/json",
                w.checks() != null ? w.checks() : Checks.NONE, services, w.statsKey(),
                w.params() != null ? new LinkedHashMap<>(w.params()) : Map.of());
    }

    static String unknownService(String name) {
        return "unknown service '" + name + "'; choose from " + String.join(", ", SERVICES.stream().sorted().toList());
    }

    /** Suite names found in the suites folder (every YAML file except the two catalogs). */
    public List<String> suiteNames() {
        List<String> names = new ArrayList<>();
        try (var files = Files.list(suitesDir)) {
            files.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".yaml"))
                    .map(f -> f.substring(0, f.length() - ".yaml".length()))
                    .filter(n -> !n.equals("variants") && !n.equals("workloads")).sorted().forEach(names::add);
        } catch (java.io.IOException e) {
            throw new SuiteException("cannot list suites in " + suitesDir + ": " + e.getMessage());
        }
        return names;
    }
}
