package dev.concurrencylab.lab.load;

import java.time.Duration;
import java.util.List;

/**
 * One HTTP request the driver repeats, a weighted mix of named requests, or a sequence of them. {@code path} may hold
 * {@code {random:1-10000}}, replaced by a uniformly drawn integer for every request (see {@link PathTemplate}).
 *
 * @param mix      empty for one request; else the requests sent, each with its weight and checks (the
 *                 other fields are then the first of them, for what shows one request, such as a dry run)
 * @param sequence the mix's requests are a sequence: each session sends each of them once, in order,
 *                 every one after the answer to the one before (their weights are all 1)
 */
public record RequestSpec(String method, String path, String body, String contentType, Duration timeout, List<NamedRequest> mix,
        boolean sequence) {

    public RequestSpec(String method, String path, String body, String contentType, Duration timeout) {
        this(method, path, body, contentType, timeout, List.of(), false);
    }

    /** A weighted mix; its checks are each request's own. */
    public static RequestSpec mixed(List<NamedRequest> mix) {
        MixOrder.of(mix.stream().map(NamedRequest::weight).toList());
        return named(mix, false, "a mix");
    }

    /** A sequence each session sends in order; its checks are each step's own. */
    public static RequestSpec sequence(List<NamedRequest> steps) {
        if (steps.stream().anyMatch(s -> s.weight() != 1)) {
            throw new IllegalArgumentException("a sequence's steps have no weights: each session sends each once");
        }
        return named(steps, true, "a sequence");
    }

    private static RequestSpec named(List<NamedRequest> requests, boolean sequence, String what) {
        if (requests.isEmpty()) {
            throw new IllegalArgumentException(what + " needs at least one request");
        }
        if (requests.stream().map(NamedRequest::name).distinct().count() < requests.size()) {
            throw new IllegalArgumentException(what + " names each of its requests once");
        }
        RequestSpec first = requests.getFirst().request();
        return new RequestSpec(first.method(), first.path(), first.body(), first.contentType(), first.timeout(), List.copyOf(requests),
                sequence);
    }

    /** Requests each session sends: a sequence's steps, else one. */
    public int perSession() {
        return sequence ? mix.size() : 1;
    }

    public RequestSpec {
        mix = mix == null ? List.of() : mix;
        if (!method.equals("GET") && !method.equals("POST")) {
            throw new IllegalArgumentException("method must be GET or POST, not " + method);
        }
        PathTemplate.parse(path);
    }
}
