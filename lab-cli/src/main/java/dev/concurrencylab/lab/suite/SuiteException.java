package dev.concurrencylab.lab.suite;

/** A suite, catalog or option the user wrote is wrong; the message is one line, with file and line when known. */
public class SuiteException extends RuntimeException {

    public SuiteException(String message) {
        super(message);
    }
}
