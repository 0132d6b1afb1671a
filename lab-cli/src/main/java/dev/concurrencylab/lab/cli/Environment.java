package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.load.OpenFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

/** Facts about the machine, the JDK and the code, read (never assumed) for the results. */
public final class Environment {

    private Environment() {
    }

    public static Map<String, String> machine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("hostname", run("hostname").orElse("unknown"));
        m.put("cpuModel", cpuModel().orElse("unknown"));
        m.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("memory", memTotal().orElse("unknown"));
        m.put("os", System.getProperty("os.name") + " " + osRelease().orElse(""));
        m.put("kernel", run("uname", "-r").orElse(System.getProperty("os.version")));
        m.put("arch", System.getProperty("os.arch"));
        m.put("labOpenFiles", openFiles());
        return m;
    }

    /**
     * The lab's open-files limit: each of the driver's connections is a descriptor. {@code ./lab}
     * raises the soft limit to the hard one before the JVM starts and says what it was.
     */
    private static String openFiles() {
        OpenFiles files = OpenFiles.ofThisProcess();
        String before = System.getenv("LAB_OPEN_FILES_BEFORE");
        return String.format(Locale.ROOT, "soft %d, hard %d%s", files.soft(), files.hard(),
                before == null || before.equals(Long.toString(files.soft())) ? "" : " (soft raised from " + before + ")");
    }

    public static Map<String, String> jdk() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("version", System.getProperty("java.runtime.version"));
        m.put("vendor", System.getProperty("java.vendor"));
        m.put("home", System.getProperty("java.home"));
        return m;
    }

    public static String gitCommit(Path repo) {
        Optional<String> head = run("git", "-C", repo.toString(), "rev-parse", "HEAD");
        boolean dirty = run("git", "-C", repo.toString(), "status", "--porcelain", "--untracked-files=no").map(s -> !s.isBlank()).orElse(false);
        return head.map(h -> dirty ? h + " (with uncommitted changes)" : h).orElse("unknown");
    }

    /** The Spring Boot version a jar was built with, from its manifest. */
    public static Optional<String> springBootVersion(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return Optional.ofNullable(file.getManifest()).map(m -> m.getMainAttributes().getValue("Spring-Boot-Version"));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> cpuModel() {
        return lines("/proc/cpuinfo").flatMap(text -> text.lines().filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst());
    }

    private static Optional<String> memTotal() {
        return lines("/proc/meminfo").flatMap(text -> text.lines().filter(l -> l.startsWith("MemTotal"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst());
    }

    private static Optional<String> osRelease() {
        return lines("/etc/os-release").flatMap(text -> text.lines().filter(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", "")).findFirst());
    }

    private static Optional<String> lines(String file) {
        try {
            return Optional.of(Files.readString(Path.of(file)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            return p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
