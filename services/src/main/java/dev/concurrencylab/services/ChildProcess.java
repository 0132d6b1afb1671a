package dev.concurrencylab.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A server process the lab started: output to a log file, stopped by PID, and killed by the kernel
 * if the JVM that started it dies (even by SIGKILL), through {@code setpriv --pdeathsig}.
 */
public final class ChildProcess implements AutoCloseable {

    /*
     * Linux sends the parent-death signal when the *thread* that forked the child ends, not the
     * process. Every child is therefore forked from this one thread, which lives as long as the JVM.
     */
    private static final ExecutorService LAUNCHER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "child-process-launcher");
        t.setDaemon(true);
        return t;
    });

    private static final Path SETPRIV = Binaries.find("setpriv", List.of(Path.of("/usr/bin"))).orElse(null);

    private final String name;
    private final Process process;
    private final Path log;

    private ChildProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts {@code command}, as {@code user} when given and running as root.
     *
     * @param log file that receives stdout and stderr
     */
    public static ChildProcess start(String name, List<String> command, Map<String, String> env, Path log, String user) {
        List<String> full = new ArrayList<>();
        if (SETPRIV != null) {
            full.add(SETPRIV.toString());
            if (user != null && Binaries.runningAsRoot()) {
                full.addAll(List.of("--reuid=" + user, "--regid=" + user, "--init-groups"));
            }
            full.addAll(List.of("--pdeathsig", "KILL", "--"));
        }
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        try {
            Process process = LAUNCHER.submit(builder::start).get();
            return new ChildProcess(name, process, log);
        } catch (ExecutionException e) {
            throw new ServiceException(name + " could not be started (" + command.getFirst() + "): " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException(name + ": interrupted while starting");
        }
    }

    /**
     * Starts {@code command} with its standard streams piped to the caller (a session the lab talks
     * to); like every child, killed by the kernel if this JVM dies.
     */
    public static Process startPiped(String name, List<String> command) {
        List<String> full = new ArrayList<>();
        if (SETPRIV != null) {
            full.addAll(List.of(SETPRIV.toString(), "--pdeathsig", "KILL", "--"));
        }
        full.addAll(command);
        try {
            return LAUNCHER.submit(new ProcessBuilder(full)::start).get();
        } catch (ExecutionException e) {
            throw new ServiceException(name + " could not be started (" + command.getFirst() + "): " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException(name + ": interrupted while starting");
        }
    }

    /** Runs a short command to completion (e.g. initdb) and fails with its output's tail if it fails. */
    public static void runToEnd(String name, List<String> command, Map<String, String> env, Path log, String user, Duration timeout) {
        try (ChildProcess child = start(name, command, env, log, user)) {
            if (!child.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new ServiceException(name + " did not finish within " + timeout.toSeconds() + " s; log: " + child.logTail(5));
            }
            if (child.process.exitValue() != 0) {
                throw new ServiceException(name + " failed (exit " + child.process.exitValue() + "): " + child.logTail(5));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException(name + ": interrupted");
        }
    }

    /** Waits until {@code ready} holds; fails with the log's tail if the process dies or time runs out. */
    public void awaitReady(Duration timeout, BooleanSupplier ready) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready.getAsBoolean()) {
            if (!process.isAlive()) {
                throw new ServiceException(name + " exited during start-up (exit " + process.exitValue() + "); log tail: " + logTail(5));
            }
            if (System.nanoTime() > deadline) {
                throw new ServiceException(name + " was not ready within " + timeout.toSeconds() + " s; log tail: " + logTail(5));
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ServiceException(name + ": interrupted while waiting for start-up");
            }
        }
    }

    public boolean logContains(String text) {
        try {
            return Files.exists(log) && Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** Every line of the log so far. */
    public List<String> logLines() {
        try {
            return Files.readAllLines(log, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The last {@code lines} non-blank lines of the log, joined on one line. */
    public String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.ISO_8859_1).stream().filter(l -> !l.isBlank()).toList();
            return String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size())).strip();
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit status, once the process has ended. */
    public int exitStatus() {
        return process.exitValue();
    }

    public Path log() {
        return log;
    }

    /** SIGTERM, then SIGKILL after a grace period; descendants too. */
    public void stop(Duration grace) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            stop(Duration.ofSeconds(10));
        }
    }

    static void writeFile(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
