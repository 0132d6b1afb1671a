package dev.concurrencylab.lab.jfr;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Records a JFR file of the server for exactly the measured window: {@code jcmd PID JFR.start} as
 * the window opens and {@code JFR.stop} as it closes, run off the driver's threads so the load is
 * never held up by them. Settings: the JDK's low-overhead {@code default} profile, with the
 * events that answer "why" made finer (virtual-thread pinning, socket reads, thread parks).
 */
public final class JfrRecorder implements LoadListener, AutoCloseable {

    private static final String NAME = "lab-window";
    /** Finer than {@code default}: short blocking calls on an event loop are the point of looking. */
    static final List<String> OPTIONS = List.of("settings=default", "jdk.VirtualThreadPinned#threshold=1ms",
            "jdk.SocketRead#threshold=1ms", "jdk.ThreadPark#threshold=1ms", "jdk.JavaMonitorEnter#threshold=1ms",
            "jdk.ExecutionSample#period=10ms", "jdk.NativeMethodSample#period=10ms");

    private final long pid;
    private final Path file;
    private final ExecutorService jcmd = Executors.newSingleThreadExecutor(r -> Thread.ofPlatform().daemon().name("jfr").unstarted(r));
    private volatile CompletableFuture<String> started;
    private volatile CompletableFuture<String> stopped;

    public JfrRecorder(long pid, Path file) {
        this.pid = pid;
        this.file = file.toAbsolutePath();
    }

    @Override
    public synchronized void phase(LoadPhase phase) {
        if (phase == LoadPhase.MEASURE && started == null) {
            List<String> start = new ArrayList<>(List.of("JFR.start", "name=" + NAME, "filename=" + file));
            start.addAll(OPTIONS);
            started = CompletableFuture.supplyAsync(() -> jcmd(start), jcmd);
        }
    }

    @Override
    public synchronized void windowEnded() {
        if (started != null && stopped == null) {
            stopped = CompletableFuture.supplyAsync(() -> jcmd(List.of("JFR.stop", "name=" + NAME)), jcmd);
        }
    }

    /**
     * Ends the recording if the window's end was not seen, and waits for the file.
     *
     * @return the recording, or why there is none
     */
    public Result finish() {
        windowEnded();
        try {
            String problem = started == null ? "the measured window never opened" : started.get(30, TimeUnit.SECONDS);
            if (problem == null && stopped != null) {
                problem = stopped.get(60, TimeUnit.SECONDS);
            }
            return problem == null && Files.isRegularFile(file) ? new Result(file, null) : new Result(null, problem == null ? "no file written" : problem);
        } catch (Exception e) {
            return new Result(null, "jcmd did not finish: " + e.getMessage());
        }
    }

    /** The recording's file, or {@code null} with the reason there is none. */
    public record Result(Path file, String problem) {
    }

    /** Runs {@code jcmd PID ARGS...}; returns {@code null} when it worked, or what went wrong. */
    private String jcmd(List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid)));
        command.addAll(args);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || out.contains("Could not") || out.contains("Exception")) {
                return "jcmd " + String.join(" ", args.subList(0, 1)) + " failed: " + out.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("");
            }
            return null;
        } catch (IOException e) {
            return "jcmd could not run: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Override
    public void close() {
        jcmd.shutdownNow();
    }
}
