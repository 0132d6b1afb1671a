package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.concurrencylab.lab.binding.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A results directory: {@code run.json} and one JSON file per trial under {@code trials/}. Each file
 * is written whole to a temporary name and then renamed, so a run cut short leaves only complete files.
 */
public final class ResultStore {

    /** Reads and writes every results file: the lab's one mapper, {@link Json#MAPPER}, under the name readers of results know. */
    public static final ObjectMapper JSON = Json.MAPPER;

    public static final String CAPACITY_FILE = "capacity.json";

    private final Path dir;
    /** Held while this lab writes here; the system lets go of it when the lab ends, however it ends. */
    private final FileLock lock;

    private ResultStore(Path dir) {
        this.dir = dir;
        this.lock = lock(dir);
    }

    public static ResultStore create(Path dir) {
        try {
            if (Files.exists(dir) && Files.list(dir).findAny().isPresent()) {
                throw new IllegalArgumentException("results directory " + dir + " already holds files; choose another --out");
            }
            Files.createDirectories(dir.resolve("trials"));
            Files.createDirectories(dir.resolve("logs"));
            return new ResultStore(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create results directory " + dir, e);
        }
    }

    /** A results directory a run began and did not finish, to go on writing in ({@code ./lab resume}). */
    public static ResultStore reopen(Path dir) {
        if (!Files.isRegularFile(dir.resolve("run.json"))) {
            throw new IllegalArgumentException(dir + " is not a results directory (no run.json)");
        }
        try {
            Files.createDirectories(dir.resolve("trials"));
            Files.createDirectories(dir.resolve("logs"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write in results directory " + dir, e);
        }
        return new ResultStore(dir);
    }

    /** So that {@code ./lab resume} cannot write beside a lab still running in the directory. */
    private static FileLock lock(Path dir) {
        try {
            FileChannel channel = FileChannel.open(dir.resolve("logs").resolve("run.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock held;
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                held = null;
            }
            if (held == null) {
                channel.close();
                throw new IllegalArgumentException(dir + " is in use: a lab is still running there");
            }
            return held;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write in results directory " + dir, e);
        }
    }

    public Path dir() {
        return dir;
    }

    public Path logFile(String name) {
        return dir.resolve("logs").resolve(name);
    }

    public void writeRun(RunInfo run) {
        write(dir.resolve("run.json"), run);
    }

    /** {@code capacity.json}: how each variant's capacity search ended, rewritten as each ends. */
    public void writeCapacity(Object capacity) {
        write(dir.resolve(CAPACITY_FILE), capacity);
    }

    /** The file name, beside the trial's JSON, of its histogram log; {@code null} when there is nothing to log. */
    public static String histogramLogName(int number, String variant, String benchmark, Histogram latencyNanos) {
        return latencyNanos == null || latencyNanos.getTotalCount() == 0 ? null : baseName(number, variant, benchmark) + ".hlog";
    }

    private static String baseName(int number, String variant, String benchmark) {
        return String.format("%03d-%s-%s", number, variant, benchmark);
    }

    /** A file beside the trial's JSON, e.g. its JFR recording: {@code trials/NNN-variant-benchmark.jfr}. */
    public Path trialFile(int number, String variant, String benchmark, String extension) {
        return dir.resolve("trials").resolve(baseName(number, variant, benchmark) + extension);
    }

    /** Writes the trial and, when it names one, its histogram log; returns the trial's file. */
    public Path writeTrial(TrialResult trial, Histogram latencyNanos) {
        String base = baseName(trial.identity().number(), trial.identity().variant(), trial.identity().benchmark());
        if (trial.latencies().histogramLog() != null) {
            Path hlog = dir.resolve("trials").resolve(trial.latencies().histogramLog());
            atomically(hlog, out -> {
                HistogramLogWriter writer = new HistogramLogWriter(out);
                writer.outputComment("response times of " + base + " in nanoseconds");
                writer.outputLogFormatVersion();
                writer.outputLegend();
                writer.outputIntervalHistogram(latencyNanos);
            });
        }
        Path file = dir.resolve("trials").resolve(base + ".json");
        write(file, trial);
        return file;
    }

    private static void write(Path file, Object value) {
        atomically(file, out -> {
            try {
                JSON.writeValue(out, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static void atomically(Path file, java.util.function.Consumer<PrintStream> body) {
        // One name per writing thread: the shutdown hook and the trials' thread may both write run.json as the lab ends,
        // and with one shared name the second move found the first had taken its file ("cannot write run.json", seen).
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + Thread.currentThread().threadId() + ".tmp");
        try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), false, java.nio.charset.StandardCharsets.UTF_8)) {
            body.accept(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
