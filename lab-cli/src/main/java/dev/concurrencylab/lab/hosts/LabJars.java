package dev.concurrencylab.lab.hosts;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * The lab's own code on a host: this JVM's class path copied there once (by checksum, under
 * {@code /tmp/concurrency-lab/lib}), where a folder of classes (a build's {@code target/classes})
 * is packed into a jar first. What a host runs of the lab (its services launcher, its share of the
 * load) is then the very code that runs here.
 */
final class LabJars {

    private LabJars() {
    }

    /** @return the class path on the host, ready for {@code java -cp} */
    static String put(Ssh ssh, Path dir) {
        List<Path> jars = local(dir);
        List<String> sums = new ArrayList<>();
        List<String> remote = new ArrayList<>();
        for (Path jar : jars) {
            String sum = Ssh.sha256(jar);
            sums.add(sum);
            remote.add(ServerHost.HOME + "/lib/" + sum.substring(0, 16) + "-" + jar.getFileName());
        }
        // One command checks every jar the host already has: one each cost an ssh client's start (~0.15 s) per jar, ~14 s a host.
        Set<String> present = new HashSet<>(ssh.run("sha256sum " + String.join(" ", remote.stream().map(Ssh::quote).toList()) + " 2>/dev/null",
                Duration.ofMinutes(1)).out().lines().toList());
        for (int i = 0; i < jars.size(); i++) {
            if (!present.contains(sums.get(i) + "  " + remote.get(i))) {
                ssh.copy(jars.get(i), remote.get(i));
            }
        }
        ssh.run("mkdir -p " + ServerHost.HOME + "/logs", Duration.ofSeconds(10));
        return String.join(":", remote);
    }

    private static List<Path> local(Path dir) {
        List<Path> jars = new ArrayList<>();
        int folders = 0;
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isRegularFile(p) && entry.endsWith(".jar")) {
                jars.add(p);
            } else if (Files.isDirectory(p)) {
                jars.add(packed(p, dir.resolve("classes-" + folders++ + ".jar")));
            }
        }
        return jars;
    }

    /** A folder of classes as a jar, entries in a fixed order and time, so its checksum changes only with its classes. */
    private static Path packed(Path classes, Path jar) {
        try {
            Files.createDirectories(jar.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                ZipEntry e = new ZipEntry(classes.relativize(f).toString().replace('\\', '/'));
                e.setTime(0);
                zip.putNextEntry(e);
                Files.copy(f, zip);
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot pack " + classes + ": " + e.getMessage(), e);
        }
        return jar;
    }
}
