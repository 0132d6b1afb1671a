package dev.concurrencylab.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Loopback ports: finding a free one and waiting until one accepts. */
public final class Ports {

    private Ports() {
    }

    public static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }

    public static boolean accepts(int port) {
        return accepts(InetAddress.getLoopbackAddress().getHostAddress(), port);
    }

    /** Whether something listens at {@code address:port}. */
    public static boolean accepts(String address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Fails with a clear message when something already listens on the port. */
    public static void requireFree(int port, String forWhat) {
        if (accepts(port)) {
            throw new ServiceException(forWhat + ": port " + port + " on 127.0.0.1 is already in use; pick another or stop what holds it");
        }
    }
}
