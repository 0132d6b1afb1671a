package dev.concurrencylab.lab.load;

/** Why a request did not count as a good answer; each failed request is in exactly one class. */
public enum ErrorClass {
    /** No answer within the request timeout. */
    TIMEOUT,
    /** The server refused the connection (nothing listening, or its accept queue was full). */
    REFUSED,
    /** The connection broke while the request was in flight. */
    RESET,
    /** An answer with a status outside 2xx. */
    STATUS,
    /** A 2xx answer that failed a check of the suite (wrong status or body). */
    CHECK;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
