package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Checks;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
        YamlNode variantsFile = YamlFiles.read(dir.resolve("variants.yaml"));
        Map<String, YamlNode> top = variantsFile.map(Set.of("defaults", "variants"));
        List<String> flags = top.containsKey("defaults")
                ? top.get("defaults").map(Set.of("jvm-flags")).get("jvm-flags").strings() : List.of();
        Map<String, Variant> variants = new LinkedHashMap<>();
        for (var e : require(variantsFile, top, "variants").entries().entrySet()) {
            variants.put(e.getKey(), variant(e.getKey(), e.getValue(), home, flags));
        }
        YamlNode workloadsFile = YamlFiles.read(dir.resolve("workloads.yaml"));
        Map<String, Workload> workloads = new LinkedHashMap<>();
        for (var e : require(workloadsFile, workloadsFile.map(Set.of("workloads")), "workloads").entries().entrySet()) {
            workloads.put(e.getKey(), workload(e.getKey(), e.getValue()));
        }
        return new Catalog(dir, home, variants, workloads, flags);
    }

    static YamlNode require(YamlNode parent, Map<String, YamlNode> entries, String key) {
        YamlNode node = entries.get(key);
        if (node == null) {
            throw parent.error("missing key '" + key + "'");
        }
        return node;
    }

    static Variant variant(String name, YamlNode node, Path home, List<String> defaultFlags) {
        Map<String, YamlNode> v = node.map(Set.of("name", "description", "jar", "url", "properties", "jvm-flags"));
        String description = v.containsKey("description") ? v.get("description").text() : "";
        Map<String, String> properties = new TreeMap<>();
        if (v.containsKey("properties")) {
            v.get("properties").entries().forEach((k, value) -> properties.put(k, value.text()));
        }
        List<String> flags = v.containsKey("jvm-flags") ? v.get("jvm-flags").strings() : defaultFlags;
        if (v.containsKey("url") == v.containsKey("jar")) {
            throw node.error("variant '" + name + "' needs exactly one of jar (a Spring Boot jar the lab starts) or url (a server already running)");
        }
        if (v.containsKey("url")) {
            URI url = URI.create(v.get("url").text());
            if (url.getHost() == null || url.getPort() < 0) {
                throw v.get("url").error("expected a URL with host and port, such as http://127.0.0.1:8080");
            }
            return new Variant(name, description, null, properties, flags, url);
        }
        Path jar = home.resolve(v.get("jar").text());
        return new Variant(name, description, jar, properties, flags, null);
    }

    private static Workload workload(String name, YamlNode node) {
        Map<String, YamlNode> w = node.map(Set.of("description", "request", "checks", "services", "stats-key", "params"));
        Map<String, YamlNode> request = require(node, w, "request").map(Set.of("method", "path", "body", "content-type"));
        List<String> services = w.containsKey("services") ? w.get("services").strings() : List.of();
        for (String s : services) {
            if (!SERVICES.contains(s)) {
                throw w.get("services").error("unknown service '" + s + "'; choose from " + String.join(", ", SERVICES.stream().sorted().toList()));
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (w.containsKey("params")) {
            w.get("params").entries().forEach((k, v) -> params.put(k, v.text()));
        }
        return new Workload(name, w.containsKey("description") ? w.get("description").text() : "",
                request.containsKey("method") ? request.get("method").text() : "GET",
                require(node, request, "path").text(),
                request.containsKey("body") ? request.get("body").text() : null,
                request.containsKey("content-type") ? request.get("content-type").text() : "application/json",
                w.containsKey("checks") ? checks(w.get("checks")) : Checks.NONE,
                services, w.containsKey("stats-key") ? w.get("stats-key").text() : null, params);
    }

    static Checks checks(YamlNode node) {
        Map<String, YamlNode> c = node.map(Set.of("status", "body-contains", "latency-below"));
        Integer status = c.containsKey("status") ? c.get("status").positiveInt() : null;
        String body = c.containsKey("body-contains") ? c.get("body-contains").text() : null;
        Duration latency = c.containsKey("latency-below") ? c.get("latency-below").duration() : null;
        return new Checks(status, body, latency);
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
