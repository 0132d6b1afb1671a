package dev.concurrencylab.services;

/** A backing service could not be found, started or reached; the message is one line for the user. */
public class ServiceException extends RuntimeException {

    public ServiceException(String message) {
        super(message);
    }

    public ServiceException(String message, Throwable cause) {
        super(message, cause);
    }
}
