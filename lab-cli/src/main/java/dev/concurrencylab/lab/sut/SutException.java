package dev.concurrencylab.lab.sut;

/** The server under test could not be started, or died; the message is one line with its log's tail. */
public class SutException extends RuntimeException {

    public SutException(String message) {
        super(message);
    }
}
