package dev.concurrencylab.lab.binding;

/**
 * A suite, catalog, {@code hosts.yaml} or option the user wrote is wrong; the message is one line, with file
 * and line when known. Here, beside the binding that writes those lines, so every file the lab reads can throw it.
 */
public class SuiteException extends RuntimeException {

    public SuiteException(String message) {
        super(message);
    }
}
