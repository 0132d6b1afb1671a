package dev.concurrencylab.lab.load.hyperfoil;

import io.hyperfoil.api.connection.Request;
import io.hyperfoil.api.session.Action;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.http.api.HeaderHandler;
import io.hyperfoil.http.api.HttpConnection;
import io.hyperfoil.http.api.HttpRequest;
import io.netty.util.AsciiString;

/**
 * An answer that says {@code Connection: close} ends its connection cleanly (RFC 9112 §9.6), as
 * Tomcat's keep-alive limit does every 100th request by default. Hyperfoil 0.25.2 ignores the
 * header and hands the connection to the next request, which then meets the server's close and was
 * counted as a reset. Here the connection is taken out of the pool as the header is read, and closed
 * from this side once its answer is complete; the pool opens a new one. A close the server did not
 * announce is untouched and stays a reset.
 */
final class AnnouncedClose implements HeaderHandler, Action {

    private static final AsciiString CONNECTION = AsciiString.of("connection");
    private static final AsciiString CLOSE = AsciiString.of("close");

    @Override
    public void handleHeader(HttpRequest request, CharSequence header, CharSequence value) {
        if (AsciiString.contentEqualsIgnoreCase(header, CONNECTION) && AsciiString.containsIgnoreCase(value, CLOSE)) {
            // CLOSED keeps the pool from taking it back when the answer completes; the answer itself is still read.
            request.connection().setClosed();
        }
    }

    /** Runs after the answer is complete: the close waits until the event loop has finished with it. */
    @Override
    public void run(Session session) {
        Request request = session.currentRequest();
        if (request != null && request.connection() instanceof HttpConnection connection && connection.isClosed()
                && connection.context().channel().isOpen()) {
            connection.context().channel().eventLoop().execute(() -> connection.context().close());
        }
    }
}
