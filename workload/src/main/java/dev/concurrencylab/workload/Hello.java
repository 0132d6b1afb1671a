package dev.concurrencylab.workload;

/** E1's body: plain text, no JSON. */
public final class Hello {

    public static final String TEXT = "Hello, World!";

    private Hello() {
    }
}
