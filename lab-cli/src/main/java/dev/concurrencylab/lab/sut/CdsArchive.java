package dev.concurrencylab.lab.sut;

import dev.concurrencylab.services.ChildProcess;
import dev.concurrencylab.services.ServiceException;
import dev.concurrencylab.services.WorkDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A Spring Boot jar unpacked, with a class-data-sharing archive of the classes its start-up loads
 * (the JVM maps them instead of parsing and verifying them again): every trial starts a server,
 * and each starts faster. The archive is made once per jar build and JVM flags, by a start-up
 * that stops as the application context is refreshed ({@code spring.context.exit=onRefresh}).
 * It holds class data only: not the JDK's AOT cache, whose linked classes and start-up profiles
 * were measured to cost webflux 13 % of its steady throughput (docs/methodology.md). The JVM only
 * maps an archive made with the same class path and flags, so it lives beside the jar, under a
 * key of the jar's build (path, size, time) and one of the flags.
 */
public final class CdsArchive {

    private static final Duration LIMIT = Duration.ofMinutes(3);

    private final Path jar;
    private final Path dir;

    private CdsArchive(Path jar, Path dir) {
        this.jar = jar;
        this.dir = dir;
    }

    /** The archive for {@code jar} started with {@code jvmFlags}; it may not be made yet. */
    public static CdsArchive of(Path jar, List<String> jvmFlags) {
        Path absolute = jar.toAbsolutePath().normalize();
        try {
            String build = absolute + "\n" + Files.size(absolute) + "\n" + Files.getLastModifiedTime(absolute).toMillis();
            return new CdsArchive(absolute, absolute.resolveSibling("cds").resolve(stem(absolute) + "-" + hash(build))
                    .resolve(hash(String.join("\n", jvmFlags))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean made() {
        return Files.isRegularFile(archiveFile()) && Files.isRegularFile(unpackedJar());
    }

    /** What follows the JVM flags on a command line that starts the jar with this archive. */
    public List<String> launchArguments() {
        return List.of("-XX:SharedArchiveFile=" + archiveFile(), "-jar", unpackedJar().toString());
    }

    /**
     * Unpacks the jar and starts it once to record what its start-up loads; the archive appears
     * only when all of it succeeded, and archives of earlier builds of the jar are removed. Another
     * lab making the same archive (two runs, or tests side by side) is waited for, and its archive
     * taken: making it here too would delete the folder that lab's server runs from.
     *
     * @param java       the JVM, with any command prefix (CPU pinning) before it
     * @param jvmFlags   the flags every start with this archive will use
     * @param springArgs the application's arguments (its services), so start-up sees what it will see
     * @throws ServiceException naming the log to read when it fails
     */
    public void make(List<String> java, List<String> jvmFlags, List<String> springArgs) {
        try {
            Files.createDirectories(dir.getParent());
            // A file lock keeps other processes out; it cannot keep out this JVM's own threads.
            synchronized (CdsArchive.class) {
                try (FileChannel file = FileChannel.open(lockFile(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                        FileLock lock = file.lock()) {
                    if (!made()) {
                        makeHere(java, jvmFlags, springArgs);
                    }
                }
            }
        } catch (IOException e) {
            throw new ServiceException(stem(jar) + " CDS archive: " + e.getMessage());
        }
    }

    private void makeHere(List<String> java, List<String> jvmFlags, List<String> springArgs) {
        try {
            if (Files.isDirectory(dir)) {
                WorkDirs.remove(dir);
            }
            Files.createDirectories(dir);
            // Spring Boot's own unpacking: a plain class path, which archives need (nested jars cannot be mapped).
            // --force because the folder already holds the unpacking's own log.
            ChildProcess.runToEnd(stem(jar) + " unpacking", concat(java, List.of("-Djarmode=tools", "-jar", jar.toString(),
                    "extract", "--destination", dir.toString(), "--force")), Map.of(), dir.resolve("unpack.log"), null, LIMIT);
            Path part = dir.resolve("app.jsa.part");
            List<String> command = concat(java, jvmFlags);
            command.addAll(List.of("-XX:ArchiveClassesAtExit=" + part, "-Dspring.context.exit=onRefresh", "-jar", unpackedJar().toString()));
            command.addAll(springArgs);
            try {
                ChildProcess.runToEnd(stem(jar) + " CDS archive start-up", command, Map.of(), dir.resolve("archiving.log"), null, LIMIT);
            } catch (ServiceException e) {
                throw new ServiceException(stem(jar) + " CDS archive start-up failed; its log: " + dir.resolve("archiving.log"));
            }
            if (!Files.isRegularFile(part)) {
                throw new ServiceException(stem(jar) + " CDS archive start-up wrote no archive; see " + dir.resolve("archiving.log"));
            }
            Files.move(part, archiveFile(), StandardCopyOption.ATOMIC_MOVE);
            removeOlderArchives();
        } catch (IOException e) {
            throw new ServiceException(stem(jar) + " CDS archive: " + e.getMessage());
        }
    }

    /** Held while the archive is made: beside its folder, which making it deletes and fills again. */
    Path lockFile() {
        return dir.resolveSibling(dir.getFileName() + ".lock");
    }

    Path archiveFile() {
        return dir.resolve("app.jsa");
    }

    Path unpackedJar() {
        return dir.resolve(jar.getFileName());
    }

    /** Archives of earlier builds of this jar; those of this build with other flags stay. */
    private void removeOlderArchives() throws IOException {
        Path build = dir.getParent();
        try (Stream<Path> siblings = Files.list(build.getParent())) {
            for (Path other : siblings.filter(p -> !p.equals(build) && p.getFileName().toString().startsWith(stem(jar) + "-")).toList()) {
                WorkDirs.remove(other);
            }
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String stem(Path jar) {
        return jar.getFileName().toString().replaceFirst("\\.jar$", "");
    }

    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
