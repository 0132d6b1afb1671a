package dev.concurrencylab.sut.webflux;

/** Thread names, as {@code X-Work-Thread} regular expressions, of the places WebFlux work can run. */
final class Threads {

    /** The Netty event loop that took the request. */
    static final String EVENT_LOOP = "(reactor|webflux)-http-(nio|epoll)-\\d+; virtual=false";
    /** R2DBC's own Netty loop, or the HTTP one when they share. */
    static final String R2DBC_LOOP = "(reactor|webflux)-(http|tcp)-(nio|epoll)-\\d+; virtual=false";
    static final String PARALLEL = "parallel-\\d+; virtual=false";
    static final String BOUNDED_ELASTIC = "boundedElastic-\\d+; virtual=false";

    static final String R2DBC_POOL = "r2dbc_pool_acquired_connections";
    static final String HIKARI_POOL = "hikaricp_connections_active";

    private Threads() {
    }
}
