package dev.concurrencylab.lab.load;

import java.time.Duration;

/**
 * What every response must satisfy (E0's three k6 checks). Any of them may be {@code null}: not checked.
 *
 * @param status       the exact status expected
 * @param bodyContains text the body must contain
 * @param latencyBelow responses at or above this count as failed latency checks
 */
public record Checks(Integer status, String bodyContains, Duration latencyBelow) {

    public static final Checks NONE = new Checks(null, null, null);
}
