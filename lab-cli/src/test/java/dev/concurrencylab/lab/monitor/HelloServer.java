package dev.concurrencylab.lab.monitor;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A server in its own JVM, as a user would run one and give the lab its URL: /hello answers "Hello, World!".
 * It takes a port the kernel picks and says which: a port probed free here and bound there could be taken between.
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
        System.out.println("listening " + http.getAddress().getPort());
    }

    /** Starts one and waits until it listens. */
    public static HelloServer start() throws Exception {
        Process p = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HelloServer.class.getName()).start();
        String line = p.inputReader().readLine();
        if (line == null || !line.startsWith("listening ")) {
            p.destroyForcibly();
            throw new IllegalStateException("HelloServer did not start: " + line + " " + new String(p.getErrorStream().readAllBytes()));
        }
        return new HelloServer(p, Integer.parseInt(line.substring("listening ".length())));
    }
}
