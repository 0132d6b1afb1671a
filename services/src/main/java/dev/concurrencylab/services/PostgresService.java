package dev.concurrencylab.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The system's PostgreSQL (Debian's {@code postgresql} package), a fresh cluster per run on a free
 * loopback port. Runs in the foreground as user {@code postgres} when the lab runs as root, because
 * PostgreSQL refuses to run as root.
 */
public final class PostgresService implements BackingService {

    static final String INSTALL = "apt-get install postgresql";
    private static final String USER = "postgres";
    private static final String DB_USER = "lab";

    private final ChildProcess server;
    private final int port;
    private final String version;
    private final String address;

    private PostgresService(ChildProcess server, int port, String version, String address) {
        this.server = server;
        this.port = port;
        this.version = version;
        this.address = address;
    }

    public static PostgresService start(Path workRoot) {
        return start(workRoot, null, List.of());
    }

    /**
     * @param address   besides loopback, an address of this machine that servers on other hosts reach
     *                  it at
     * @param allowFrom the addresses those servers connect from: each is let in, nothing wider
     */
    public static PostgresService start(Path workRoot, String address, List<String> allowFrom) {
        List<Path> dirs = Binaries.postgresBinDirs();
        Path postgres = Binaries.require("postgres", dirs, INSTALL);
        Path initdb = Binaries.require("initdb", List.of(postgres.getParent()), INSTALL);
        Path dir = WorkDirs.create(workRoot, "postgresql");
        Path data = dir.resolve("data");
        WorkDirs.giveTo(dir, USER);
        ChildProcess.runToEnd("initdb", List.of(initdb.toString(), "-D", data.toString(), "-A", "trust", "-U", DB_USER,
                "-E", "UTF8", "--locale=C", "--no-sync"), Map.of(), dir.resolve("initdb.log"), USER, Duration.ofSeconds(60));
        if (address != null) {
            StringBuilder hba = new StringBuilder();
            allowFrom.forEach(from -> hba.append("host all all ").append(from).append(from.contains("/") ? "" : from.contains(":") ? "/128" : "/32")
                    .append(" trust\n"));
            try {
                java.nio.file.Files.writeString(data.resolve("pg_hba.conf"), hba, java.nio.file.StandardOpenOption.APPEND);
            } catch (java.io.IOException e) {
                throw new ServiceException("postgresql: cannot let in other hosts (" + data.resolve("pg_hba.conf") + "): " + e.getMessage());
            }
        }
        int port = Ports.freeLoopbackPort();
        ChildProcess server = ChildProcess.start("postgresql", List.of(postgres.toString(), "-D", data.toString(),
                "-p", Integer.toString(port), "-k", dir.toString(), "-c", "listen_addresses=127.0.0.1" + (address == null ? "" : "," + address),
                "-c", "max_connections=200"), Map.of(), dir.resolve("postgresql.log"), USER);
        try {
            server.awaitReady(Duration.ofSeconds(30), () -> server.logContains("ready to accept connections"));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return new PostgresService(server, port, "PostgreSQL " + Versions.firstNumber(Versions.output(postgres, "--version")) + " (system)"
                + (address == null ? "" : ", reached at " + address), address);
    }

    public int port() {
        return port;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Map<String, String> springProperties() {
        String host = address == null ? "127.0.0.1" : address;
        return Map.of(
                "spring.datasource.url", "jdbc:postgresql://" + host + ":" + port + "/postgres",
                "spring.datasource.username", DB_USER,
                "spring.r2dbc.url", "r2dbc:postgresql://" + host + ":" + port + "/postgres",
                "spring.r2dbc.username", DB_USER);
    }

    @Override
    public List<ChildProcess> processes() {
        return List.of(server);
    }
}
