package dev.concurrencylab.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The system's {@code redis-server}, without persistence, on a free loopback port. */
public final class RedisService implements BackingService {

    static final String INSTALL = "apt-get install redis-server";

    private final ChildProcess server;
    private final int port;
    private final String version;
    private final String address;

    private RedisService(ChildProcess server, int port, String version, String address) {
        this.server = server;
        this.port = port;
        this.version = version;
        this.address = address;
    }

    public static RedisService start(Path workRoot) {
        return start(workRoot, null);
    }

    /**
     * @param address besides loopback, an address of this machine that servers on other hosts reach
     *                it at; Redis has no list of clients to let in, so that network reaches it (as
     *                on the lab's own hosts it should: nothing else is there)
     */
    public static RedisService start(Path workRoot, String address) {
        Path binary = Binaries.require("redis-server", List.of(Path.of("/usr/bin")), INSTALL);
        Path dir = WorkDirs.create(workRoot, "redis");
        int port = Ports.freeLoopbackPort();
        List<String> command = new java.util.ArrayList<>(List.of(binary.toString(), "--port", Integer.toString(port), "--bind", "127.0.0.1"));
        if (address != null) {
            // protected mode turns away every client not on loopback when there is no password, bind or not
            command.addAll(List.of(address, "--protected-mode", "no"));
        }
        command.addAll(List.of("--save", "", "--appendonly", "no", "--dir", dir.toString()));
        ChildProcess server = ChildProcess.start("redis", command,
                Map.of(), dir.resolve("redis.log"), null);
        try {
            server.awaitReady(Duration.ofSeconds(20), () -> server.logContains("Ready to accept connections"));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        String version = Versions.output(binary, "--version").replaceAll(".*v=([0-9.]+).*\\s*", "$1").strip();
        return new RedisService(server, port, "Redis " + version + " (system)" + (address == null ? "" : ", reached at " + address), address);
    }

    @Override
    public String name() {
        return "redis";
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Map<String, String> springProperties() {
        return Map.of("spring.data.redis.url", "redis://" + (address == null ? "127.0.0.1" : address) + ":" + port);
    }

    @Override
    public List<ChildProcess> processes() {
        return List.of(server);
    }
}
