package dev.concurrencylab.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Loopback ports: finding a free one and waiting until one accepts. */
public final class Ports {

    private Ports() {
    }

    /** Ports this JVM has handed out: a closed probe socket's port is free for the kernel to give again. */
    private static final Set<Integer> GIVEN = ConcurrentHashMap.newKeySet();

    /**
     * A loopback port free now and never handed out before by this JVM: services start side by side,
     * and two probes could otherwise get the same port (RabbitMQ then found its distribution port
     * taken by another service, "dist_port_already_used").
     */
    public static int freeLoopbackPort() {
        while (true) {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                if (GIVEN.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            } catch (IOException e) {
                throw new UncheckedIOException("no free loopback port", e);
            }
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
