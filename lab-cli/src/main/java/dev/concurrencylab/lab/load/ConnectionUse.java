package dev.concurrencylab.lab.load;

/**
 * What the driver's connection pool did in a trial: the evidence that sockets, not the server, were
 * (or were not) the limit.
 *
 * @param bound      the most connections the pool could open
 * @param peak       the most it had open at once (warm-up or window), per event-loop thread's pool;
 *                   0 when not known
 * @param outOfFiles connects that failed because the driver's process had no file descriptor left
 * @param outOfPorts connects that failed because no local port was free
 * @param refused    connects the server refused or left unanswered (warm-up included): the server's
 * @param gaveUp     requests the pool would not try to send after 100 failed connects in a row
 */
public record ConnectionUse(int bound, int peak, long outOfFiles, long outOfPorts, long refused, long gaveUp) {

    public static final ConnectionUse NONE = new ConnectionUse(0, 0, 0, 0, 0, 0);

    /** Two drivers' pools side by side: the server saw both, so bounds and peaks add up as the failures do. */
    public ConnectionUse plus(ConnectionUse other) {
        return new ConnectionUse(bound + other.bound, peak + other.peak, outOfFiles + other.outOfFiles, outOfPorts + other.outOfPorts,
                refused + other.refused, gaveUp + other.gaveUp);
    }
}
