package dev.concurrencylab.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.stream.Stream;

/** Folders for a service's data and logs, readable by the system user it runs as, and removed after. */
public final class WorkDirs {

    private WorkDirs() {
    }

    static Path create(Path parent, String name) {
        try {
            Files.createDirectories(parent);
            Path dir = Files.createTempDirectory(parent, name + "-");
            // Services that drop root (postgres, rabbitmq) must be able to reach their folder.
            for (Path p : new Path[] {parent, dir}) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a folder for " + name + " under " + parent, e);
        }
    }

    /** Gives {@code dir} and everything in it to {@code user} when running as root. */
    static void giveTo(Path dir, String user) {
        if (!Binaries.runningAsRoot()) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            UserPrincipalLookupService users = FileSystems.getDefault().getUserPrincipalLookupService();
            var owner = users.lookupPrincipalByName(user);
            var group = users.lookupPrincipalByGroupName(user);
            for (Path p : all.toList()) {
                Files.setOwner(p, owner);
                Files.getFileAttributeView(p, java.nio.file.attribute.PosixFileAttributeView.class).setGroup(group);
            }
        } catch (IOException e) {
            throw new ServiceException("cannot give " + dir + " to user " + user + ": " + e.getMessage(), e);
        }
    }

    /**
     * Removes {@code root} and everything in it. A run's services leave some 40 MB there (PostgreSQL's
     * data folder the most), every run: kept, a machine's temporary folder filled by the gigabyte.
     */
    public static void remove(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
