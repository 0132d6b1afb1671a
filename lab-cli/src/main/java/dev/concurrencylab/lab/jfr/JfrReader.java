package dev.concurrencylab.lab.jfr;

import dev.concurrencylab.lab.usage.JfrSummary.Share;
import dev.concurrencylab.lab.usage.JfrSummary.Tally;
import dev.concurrencylab.lab.usage.JfrSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads a trial's JFR recording into its {@link JfrSummary} with the JDK's own {@code jdk.jfr.consumer}
 * API. The summary is a record of the results; the reading of recordings stays here, beside {@link JfrRecorder}.
 */
public final class JfrReader {

    private JfrReader() {
    }

    private static final int TOP = 5;
    private static final String EVENT_LOOP = "reactor-http-";
    /** Frames that mean a thread is in blocking code, wherever the blocking call was made from. */
    private static final List<String> BLOCKING = List.of("org.postgresql.", "com.zaxxer.hikari.", "sun.nio.ch.NioSocketImpl.",
            "java.net.Socket", "java.lang.Thread.sleep", "java.util.concurrent.locks.LockSupport.park");

    public static JfrSummary read(Path file) {
        Map<String, Long> methods = new HashMap<>();
        Map<String, Long> allocated = new HashMap<>();
        Map<String, Double> monitors = new HashMap<>();
        Map<String, Double> pinnedAt = new HashMap<>();
        Map<String, Double> blockedAt = new HashMap<>();
        long[] counts = new long[7]; // samples, lock waits, GCs, pinned, submit failures, event-loop samples, of them blocking
        double[] ms = new double[4]; // lock wait, GC pause, pinned, event-loop blocked
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                switch (e.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> {
                        counts[0]++;
                        methods.merge(top(e.getStackTrace(), false), 1L, Long::sum);
                        eventLoopSample(e, counts);
                    }
                    case "jdk.NativeMethodSample" -> eventLoopSample(e, counts);
                    case "jdk.ObjectAllocationSample" ->
                        allocated.merge(e.getClass("objectClass") == null ? "?" : e.getClass("objectClass").getName(), e.getLong("weight"), Long::sum);
                    case "jdk.JavaMonitorEnter" -> {
                        counts[1]++;
                        ms[0] += millis(e.getDuration());
                        monitors.merge(e.getClass("monitorClass") == null ? "?" : e.getClass("monitorClass").getName(), millis(e.getDuration()), Double::sum);
                        blocked(e, blockedAt, ms);
                    }
                    case "jdk.GarbageCollection" -> {
                        counts[2]++;
                        ms[1] += millis(e.getDuration("sumOfPauses"));
                    }
                    case "jdk.VirtualThreadPinned" -> {
                        counts[3]++;
                        ms[2] += millis(e.getDuration());
                        pinnedAt.merge(top(e.getStackTrace(), true), millis(e.getDuration()), Double::sum);
                    }
                    case "jdk.VirtualThreadSubmitFailed" -> counts[4]++;
                    case "jdk.ThreadPark", "jdk.SocketRead", "jdk.SocketWrite", "jdk.ThreadSleep", "jdk.JavaMonitorWait" -> blocked(e, blockedAt, ms);
                    default -> {
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return new JfrSummary(file.getFileName().toString(), counts[0], shares(methods), shares(allocated),
                new Tally(counts[1], round(ms[0]), top(monitors)), new Tally(counts[2], round(ms[1]), List.of()),
                new Tally(counts[3], round(ms[2]), top(pinnedAt)), counts[4], round(ms[3]), top(blockedAt), counts[5], counts[6]);
    }

    private static void eventLoopSample(RecordedEvent e, long[] counts) {
        RecordedThread thread = e.getThread("sampledThread");
        if (thread == null || thread.getJavaName() == null || !thread.getJavaName().startsWith(EVENT_LOOP)) {
            return;
        }
        counts[5]++;
        RecordedStackTrace stack = e.getStackTrace();
        if (stack != null && stack.getFrames().stream().map(f -> f.getMethod().getType().getName() + "." + f.getMethod().getName())
                .anyMatch(frame -> BLOCKING.stream().anyMatch(frame::startsWith))) {
            counts[6]++;
        }
    }

    /** A blocking call on an event-loop thread: the anti-pattern of running blocking work on Netty's threads. */
    private static void blocked(RecordedEvent e, Map<String, Double> where, double[] ms) {
        RecordedThread thread = e.getThread();
        if (thread != null && thread.getJavaName() != null && thread.getJavaName().startsWith(EVENT_LOOP)) {
            ms[3] += millis(e.getDuration());
            where.merge(e.getEventType().getName().substring("jdk.".length()) + " in " + top(e.getStackTrace(), true),
                    millis(e.getDuration()), Double::sum);
        }
    }

    /** The top frame, or with {@code beyondJdk} the first frame outside the JDK (where the application did it). */
    private static String top(RecordedStackTrace stack, boolean beyondJdk) {
        if (stack == null || stack.getFrames().isEmpty()) {
            return "?";
        }
        RecordedFrame chosen = stack.getFrames().getFirst();
        if (beyondJdk) {
            for (RecordedFrame f : stack.getFrames()) {
                String type = f.getMethod().getType().getName();
                if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
                    chosen = f;
                    break;
                }
            }
        }
        return chosen.getMethod().getType().getName() + "." + chosen.getMethod().getName();
    }

    private static List<Share> shares(Map<String, Long> counts) {
        double total = counts.values().stream().mapToLong(Long::longValue).sum();
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(TOP)
                .map(e -> new Share(e.getKey(), round(100 * e.getValue() / total))).toList();
    }

    private static List<Share> top(Map<String, Double> ms) {
        return ms.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(TOP)
                .map(e -> new Share(e.getKey(), round(e.getValue()))).toList();
    }

    private static double millis(Duration d) {
        return d == null ? 0 : d.toNanos() / 1e6;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
