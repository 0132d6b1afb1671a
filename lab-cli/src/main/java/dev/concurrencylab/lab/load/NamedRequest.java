package dev.concurrencylab.lab.load;

/**
 * One request of a weighted mix: sent {@code weight} times in every sum-of-weights requests the
 * trial sends, judged by its own checks and reported under its own name.
 */
public record NamedRequest(String name, int weight, RequestSpec request, Checks checks) {

    public NamedRequest {
        requireValid(name, weight);
        checks = checks == null ? Checks.NONE : checks;
    }

    /** A name a threshold can select ({@code p95{request:NAME}}) and a weight of at least one. */
    public static void requireValid(String name, int weight) {
        if (name == null || !name.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("a mix's request needs a name of lower-case letters, digits and '-', not '" + name + "'");
        }
        if (weight < 1) {
            throw new IllegalArgumentException("request '" + name + "' needs a weight of at least 1, not " + weight);
        }
    }
}
