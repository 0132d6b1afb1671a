package dev.concurrencylab.lab.load;

import java.time.Duration;
import java.util.List;

/**
 * One HTTP request the driver repeats, or a weighted mix of named requests. {@code path} may hold
 * {@code {random:1-10000}}, replaced by a uniformly drawn integer for every request (see {@link PathTemplate}).
 *
 * @param mix empty for one request; else the requests sent, each with its weight and checks (the
 *            other fields are then the first of them, for what shows one request, such as a dry run)
 */
public record RequestSpec(String method, String path, String body, String contentType, Duration timeout, List<NamedRequest> mix) {

    public RequestSpec(String method, String path, String body, String contentType, Duration timeout) {
        this(method, path, body, contentType, timeout, List.of());
    }

    /** A weighted mix; its checks are each request's own. */
    public static RequestSpec mixed(List<NamedRequest> mix) {
        if (mix.isEmpty()) {
            throw new IllegalArgumentException("a mix needs at least one request");
        }
        if (mix.stream().map(NamedRequest::name).distinct().count() < mix.size()) {
            throw new IllegalArgumentException("a mix names each of its requests once");
        }
        MixOrder.of(mix.stream().map(NamedRequest::weight).toList());
        RequestSpec first = mix.getFirst().request();
        return new RequestSpec(first.method(), first.path(), first.body(), first.contentType(), first.timeout(), List.copyOf(mix));
    }

    public RequestSpec {
        mix = mix == null ? List.of() : mix;
        if (!method.equals("GET") && !method.equals("POST")) {
            throw new IllegalArgumentException("method must be GET or POST, not " + method);
        }
        PathTemplate.parse(path);
    }
}
