package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Checks;
import java.util.List;
import java.util.Map;

/**
 * One endpoint and its inputs, from the workload catalog, or a weighted mix of named requests.
 * {@code ${name}} in the paths, bodies and stats key is filled from {@code params} (the catalog's
 * defaults, overridden by the suite).
 *
 * @param services   backing services the endpoint needs
 * @param statsKey   for asynchronous hand-off: the strategy whose completion the lab waits for
 * @param mix        empty for one request; else the mix, and the request fields are its first request's
 * @param sequence   the mix is a sequence each session sends in order (its weights all 1)
 */
public record Workload(String name, String description, String method, String path, String body,
        String contentType, Checks checks, List<String> services, String statsKey, Map<String, String> params, List<Mixed> mix,
        boolean sequence) {

    public Workload {
        mix = mix == null ? List.of() : List.copyOf(mix);
    }

    /** One request of a mix, its parameters not yet filled. */
    public record Mixed(String name, int weight, String method, String path, String body, String contentType, Checks checks) {
    }
}
