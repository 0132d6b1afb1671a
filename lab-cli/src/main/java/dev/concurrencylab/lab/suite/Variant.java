package dev.concurrencylab.lab.suite;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One server configuration under test: a Spring Boot jar started with these properties and JVM
 * flags, or a server already running at {@code url} (then the lab neither starts nor stops it).
 *
 * @param services the lab's services this jar wants, beside those its benchmarks ask for; it gets
 *                 the properties of those two lists only ({@code []}: of the benchmarks' alone).
 *                 {@code null}: not said, it gets every service the run started (the lab's own apps)
 */
public record Variant(String name, String description, Path jar, Map<String, String> properties,
        List<String> jvmFlags, URI url, List<String> services) {

    public Variant(String name, String description, Path jar, Map<String, String> properties, List<String> jvmFlags, URI url) {
        this(name, description, jar, properties, jvmFlags, url, null);
    }

    public boolean external() {
        return url != null;
    }
}
