package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.MixOrder;
import dev.concurrencylab.lab.load.NamedRequest;
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
        if (java.util.stream.Stream.of(w.request(), w.mix(), w.sequence()).filter(java.util.Objects::nonNull).count() != 1) {
            throw at.error("workload '" + name + "' needs exactly one of request (one request), mix (weighted named requests)"
                    + " or sequence (named requests each session sends in order)");
        }
        Checks checks = w.checks() != null ? w.checks() : Checks.NONE;
        List<Workload.Mixed> mix = w.mix() != null ? mix(w.mix(), checks) : w.sequence() != null ? sequence(w.sequence(), checks) : List.of();
        CatalogFile.Request request = w.request() != null ? w.request()
                : new CatalogFile.Request(mix.getFirst().method(), mix.getFirst().path(), mix.getFirst().body(), mix.getFirst().contentType());
        return new Workload(name, w.description() != null ? w.description() : "",
                method(request), request.path(), request.body(), contentType(request), checks, services, w.statsKey(),
                w.params() != null ? new LinkedHashMap<>(w.params()) : Map.of(), mix, w.sequence() != null);
    }

    /** A sequence's steps, as a mix of weight 1 each: the figures per request are the mix's, only the order differs. */
    private static List<Workload.Mixed> sequence(Located<List<Located<CatalogFile.StepFile>>> at, Checks workloadChecks) {
        if (at.value() == null || at.value().isEmpty()) {
            throw at.error("a sequence needs at least one request");
        }
        List<Workload.Mixed> steps = new ArrayList<>();
        for (Located<CatalogFile.StepFile> entry : at.value()) {
            CatalogFile.StepFile step = entry.value();
            if (steps.stream().anyMatch(s -> s.name().equals(step.name()))) {
                throw entry.error("name", "the sequence names request '" + step.name() + "' twice");
            }
            try {
                NamedRequest.requireValid(step.name(), 1);
            } catch (IllegalArgumentException e) {
                throw entry.error(e.getMessage());
            }
            steps.add(new Workload.Mixed(step.name(), 1, method(step.request()), step.request().path(), step.request().body(),
                    contentType(step.request()), step.checks() != null ? step.checks() : workloadChecks));
        }
        return steps;
    }

    /** A mix's requests, each problem at its own line: a name given twice, a weight below 1, weights past the cycle's bound. */
    private static List<Workload.Mixed> mix(Located<List<Located<CatalogFile.MixedFile>>> at, Checks workloadChecks) {
        if (at.value() == null || at.value().isEmpty()) {
            throw at.error("a mix needs at least one request");
        }
        List<Workload.Mixed> mix = new ArrayList<>();
        Set<String> names = new java.util.HashSet<>();
        for (Located<CatalogFile.MixedFile> entry : at.value()) {
            CatalogFile.MixedFile m = entry.value();
            if (!names.add(m.name())) {
                throw entry.error("name", "the mix names request '" + m.name() + "' twice");
            }
            try {
                NamedRequest.requireValid(m.name(), m.weight());
            } catch (IllegalArgumentException e) {
                throw entry.error(e.getMessage());
            }
            mix.add(new Workload.Mixed(m.name(), m.weight(), method(m.request()), m.request().path(), m.request().body(),
                    contentType(m.request()), m.checks() != null ? m.checks() : workloadChecks));
        }
        try {
            MixOrder.of(mix.stream().map(Workload.Mixed::weight).toList());
        } catch (IllegalArgumentException e) {
            throw at.error(e.getMessage());
        }
        return mix;
    }

    private static String method(CatalogFile.Request request) {
        return request.method() != null ? request.method() : "GET";
    }

    private static String contentType(CatalogFile.Request request) {
        return request.contentType() != null ? request.contentType() : "application/json";
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
