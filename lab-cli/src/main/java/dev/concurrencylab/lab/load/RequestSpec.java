package dev.concurrencylab.lab.load;

import java.time.Duration;

/**
 * One HTTP request the driver repeats. {@code path} may hold {@code {random:1-10000}}, replaced by a
 * uniformly drawn integer for every request (see {@link PathTemplate}).
 */
public record RequestSpec(String method, String path, String body, String contentType, Duration timeout) {

    public RequestSpec {
        if (!method.equals("GET") && !method.equals("POST")) {
            throw new IllegalArgumentException("method must be GET or POST, not " + method);
        }
        PathTemplate.parse(path);
    }
}
