package dev.concurrencylab.lab.monitor;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/** A server in its own JVM, as a user would run one and give the lab its URL: /hello answers "Hello, World!". */
public final class HelloServer {

    public static void main(String[] args) throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 1000);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/hello", ex -> {
            byte[] body = "Hello, World!".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        http.start();
        System.out.println("listening");
    }

    /** Starts one on {@code port} and waits until it listens. */
    public static Process start(int port) throws Exception {
        Process p = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), HelloServer.class.getName(), Integer.toString(port)).start();
        p.inputReader().readLine();
        return p;
    }
}
