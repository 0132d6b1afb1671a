package dev.concurrencylab.lab.monitor;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A loopback port nobody listens on, held by the test: bound but not listening, so every connect to it
 * is refused, and (bound without SO_REUSEADDR) no other process can start listening there meanwhile,
 * as it could on a port probed free and let go.
 */
public final class RefusingPort implements AutoCloseable {

    private final Socket socket = new Socket();

    public RefusingPort() throws IOException {
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    public int port() {
        return socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
