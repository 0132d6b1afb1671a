package dev.concurrencylab.lab.hosts;

/** A host could not be reached, or lost its connection: one line naming the host. */
public class HostException extends RuntimeException {

    public HostException(String message) {
        super(message);
    }
}
