package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Checks;
import java.util.List;
import java.util.Map;

/**
 * One endpoint and its inputs, from the workload catalog. {@code ${name}} in the path, body and
 * stats key is filled from {@code params} (the catalog's defaults, overridden by the suite).
 *
 * @param services   backing services the endpoint needs
 * @param statsKey   for asynchronous hand-off: the strategy whose completion the lab waits for
 */
public record Workload(String name, String description, String method, String path, String body,
        String contentType, Checks checks, List<String> services, String statsKey, Map<String, String> params) {
}
