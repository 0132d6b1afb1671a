package dev.concurrencylab.lab.suite;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One server configuration under test: a Spring Boot jar started with these properties and JVM
 * flags, or a server already running at {@code url} (then the lab neither starts nor stops it).
 */
public record Variant(String name, String description, Path jar, Map<String, String> properties,
        List<String> jvmFlags, URI url) {

    public boolean external() {
        return url != null;
    }
}
