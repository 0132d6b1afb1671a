package dev.concurrencylab.lab.load;

import dev.concurrencylab.lab.binding.InvalidSetting;

/**
 * The driver's sockets to the server, apart from its sessions. A session is a request that may be
 * in flight; a connection is a socket, and over HTTP/1.1 it carries one request at a time. An open
 * model needs sessions for the worst latency it should survive, but only as many connections as
 * requests actually in flight (Little's law: rate × latency), so its pool starts small and grows by
 * need; a socket per possible session is a connection storm the server has to survive before it
 * answers anything.
 *
 * @param core   opened before the first request and never closed
 * @param max    the most the pool opens, whatever the demand
 * @param buffer idle connections kept ready: the pool opens another whenever fewer are free, so a
 *               jump in requests in flight rarely waits for a connect
 */
public record ConnectionPool(int core, int max, int buffer) {

    /** Idle connections an open model keeps ready: covers a jump of this many requests in flight per connect time. */
    static final int SPARE = 32;

    public ConnectionPool {
        InvalidSetting.atLeast("connections", max, 1);
        if (core > max || buffer > max || core < 0 || buffer < 0) {
            throw new IllegalArgumentException("pool bounds out of order: core " + core + ", buffer " + buffer + ", max " + max);
        }
    }

    /** Exactly {@code n} connections, opened before the window (wrk's {@code -c}). */
    public static ConnectionPool pinned(int n) {
        return new ConnectionPool(n, n, 0);
    }

    /** Starts with a few and grows with the requests in flight, up to {@code max}. */
    public static ConnectionPool byNeed(int max) {
        int spare = Math.min(max, SPARE);
        return new ConnectionPool(spare, max, spare);
    }

    /** An open model's: {@code connections} pinned where it names any (more than sessions would never carry a request), else by need. */
    static ConnectionPool open(int sessions, int connections) {
        return connections > 0 ? pinned(Math.min(connections, sessions)) : byNeed(sessions);
    }

    /** The pool opens connections beyond those it starts with. */
    public boolean grows() {
        return max > core;
    }

}
