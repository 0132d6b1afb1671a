package dev.concurrencylab.lab.monitor;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A server in its own JVM ({@link ServerProcess}): /hello answers "Hello, World!".
 */
public record HelloServer(Process process, int port) {

    public static void main(String[] args) throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/hello", ex -> {
            byte[] body = "Hello, World!".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        http.start();
        ServerProcess.announce(http.getAddress().getPort());
    }

    /** Starts one and waits until it listens. */
    public static HelloServer start() throws Exception {
        ServerProcess server = ServerProcess.start(HelloServer.class);
        return new HelloServer(server.process(), server.port());
    }
}
