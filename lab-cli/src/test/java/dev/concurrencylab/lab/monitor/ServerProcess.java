package dev.concurrencylab.lab.monitor;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * A test's server in a JVM of its own, as a user would run one and give the lab its URL, so that the
 * test JVM's own state (its heap and collector, the threads earlier tests left) is not part of what
 * the lab measures as the server. Its main class binds a port the kernel picks and {@link #announce}s
 * it: a port probed free here and bound there could be taken between.
 */
public record ServerProcess(Process process, int port) implements AutoCloseable {

    private static final String LISTENING = "listening ";

    /** Starts {@code main} on the test classpath and waits until it listens. */
    public static ServerProcess start(Class<?> main) throws IOException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), main.getName()).start();
        String line = p.inputReader().readLine();
        if (line == null || !line.startsWith(LISTENING)) {
            p.destroyForcibly();
            throw new IllegalStateException(main.getSimpleName() + " did not start: " + line + " " + new String(p.getErrorStream().readAllBytes()));
        }
        return new ServerProcess(p, Integer.parseInt(line.substring(LISTENING.length())));
    }

    /**
     * Called by the server's main once it listens. It also ends the server when the test JVM does, however
     * that ends: the test holds the server's input open, and a JVM that died closes it.
     */
    public static void announce(int port) {
        System.out.println(LISTENING + port);
        Thread.ofPlatform().daemon().start(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is sent; the read returns at the end of the input
                }
            } catch (IOException ignored) {
                // the same end
            }
            Runtime.getRuntime().halt(0);
        });
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
