package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.jit.PerfData;
import dev.concurrencylab.lab.load.LoadPhase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Keeps a few of the server JVM's own counters as the window opens and as it ends, beside the
 * trial's JFR recording ({@code trials/NNN-….perf.txt}): safepoints, compilations and invalidations,
 * the code cache's compiled code and the collectors' counts. Two launches of one variant that
 * measure far apart can then be told apart by what their JVMs did, read from the file the JVM keeps
 * for {@code jstat}: no attach, no safepoint, nothing the server does for it.
 */
public final class PerfCountersProbe implements Probe {

    static final List<String> COUNTERS = List.of(
            "sun.rt.safepoints", "sun.rt.safepointTime", "sun.rt.safepointSyncTime",
            "sun.ci.totalCompiles", "sun.ci.totalInvalidates", "sun.ci.totalBailouts", "sun.ci.nmethodCodeSize",
            "sun.gc.collector.0.invocations", "sun.gc.collector.0.time", "sun.gc.collector.1.invocations", "sun.gc.collector.1.time",
            "sun.os.hrt.frequency");

    private final PerfData counters;
    private final Path file;
    private final Consumer<String> note;
    private Map<String, OptionalLong> opened;
    private Map<String, OptionalLong> ended;

    /** @param file where the counters are written once the load is over; {@code note} is told when it cannot be */
    public PerfCountersProbe(PerfData counters, Path file, Consumer<String> note) {
        this.counters = counters;
        this.file = file;
        this.note = note;
    }

    @Override
    public synchronized void phase(LoadPhase phase) {
        if (phase == LoadPhase.MEASURE) {
            opened = read();
        }
    }

    @Override
    public synchronized void windowEnded() {
        ended = read();
    }

    @Override
    public synchronized void stop() {
        if (opened == null || ended == null) {
            return;
        }
        StringBuilder text = new StringBuilder("# the server JVM's own counters (hsperfdata): counter, at the window's opening, at its end, "
                + "difference; times in ticks of sun.os.hrt.frequency a second; empty where the JVM keeps no such counter\n");
        for (String name : COUNTERS) {
            OptionalLong a = opened.get(name);
            OptionalLong b = ended.get(name);
            text.append(name).append(' ').append(shown(a)).append(' ').append(shown(b)).append(' ')
                    .append(a.isPresent() && b.isPresent() ? Long.toString(b.getAsLong() - a.getAsLong()) : "").append('\n');
        }
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            note.accept("lab: the server's counters were not written to " + file + ": " + e.getMessage());
        }
    }

    /** Nothing for the trial's record: the counters go to their own file. */
    @Override
    public void report(Observed observed) {
    }

    private Map<String, OptionalLong> read() {
        // one read of the file for all of them, on the driver's thread as the window opens
        return counters.counters(COUNTERS);
    }

    private static String shown(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "";
    }
}
