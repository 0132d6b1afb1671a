package dev.concurrencylab.services;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Finds the system binaries the services run, or says how to install them. */
public final class Binaries {

    private Binaries() {
    }

    /** Looks on PATH, then in the extra folders given (glob-free, newest first as given). */
    public static Optional<Path> find(String name, List<Path> extraDirs) {
        Stream<Path> onPath = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .filter(s -> !s.isBlank()).map(Path::of);
        return Stream.concat(onPath, extraDirs.stream())
                .map(dir -> dir.resolve(name))
                .filter(Files::isExecutable)
                .findFirst();
    }

    public static Path require(String name, List<Path> extraDirs, String installHint) {
        return find(name, extraDirs).orElseThrow(() -> new ServiceException(
                name + " not found; install it with: " + installHint));
    }

    /** The {@code bin} folders of Debian's versioned PostgreSQL installs, newest first. */
    public static List<Path> postgresBinDirs() {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin"))
                    .sorted(Comparator.comparing((Path p) -> versionOf(p.getParent().getFileName().toString())).reversed())
                    .toList();
        } catch (java.io.IOException e) {
            return List.of();
        }
    }

    private static int versionOf(String folder) {
        try {
            return Integer.parseInt(folder);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static boolean runningAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
