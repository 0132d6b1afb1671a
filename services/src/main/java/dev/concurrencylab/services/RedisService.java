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

    private RedisService(ChildProcess server, int port, String version) {
        this.server = server;
        this.port = port;
        this.version = version;
    }

    public static RedisService start(Path workRoot) {
        Path binary = Binaries.require("redis-server", List.of(Path.of("/usr/bin")), INSTALL);
        Path dir = WorkDirs.create(workRoot, "redis");
        int port = Ports.freeLoopbackPort();
        ChildProcess server = ChildProcess.start("redis", List.of(binary.toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString()),
                Map.of(), dir.resolve("redis.log"), null);
        try {
            server.awaitReady(Duration.ofSeconds(20), () -> server.logContains("Ready to accept connections"));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        String version = Versions.output(binary, "--version").replaceAll(".*v=([0-9.]+).*\\s*", "$1").strip();
        return new RedisService(server, port, "Redis " + version + " (system)");
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
        return Map.of("spring.data.redis.url", "redis://127.0.0.1:" + port);
    }

    @Override
    public List<ChildProcess> processes() {
        return List.of(server);
    }
}
