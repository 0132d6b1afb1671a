package dev.concurrencylab.lab.run.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.jit.PerfData;
import dev.concurrencylab.lab.jit.PerfDataTest;
import dev.concurrencylab.lab.load.LoadPhase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/** A real JVM's counters, kept as a window opens and ends, in the file beside the trial's recording. */
@Isolated
class PerfCountersProbeTest {

    @Test
    void theWindowsCompilationsAreTheDifferenceOfTheJvmsOwnCountsAtItsEnds(@TempDir Path dir) throws Exception {
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Compiling.class.getName())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            PerfData counters = PerfDataTest.waitForCounters(jvm.pid());
            Path file = dir.resolve("001-x-y.perf.txt");
            List<String> notes = new ArrayList<>();
            PerfCountersProbe probe = new PerfCountersProbe(counters, file, notes::add);

            probe.phase(LoadPhase.MEASURE);
            long opened = counters.counter("sun.ci.totalCompiles").orElseThrow();
            Thread.sleep(1500);
            long ended = counters.counter("sun.ci.totalCompiles").orElseThrow();
            probe.windowEnded();
            probe.stop();

            String[] compiles = Files.readAllLines(file).stream().filter(l -> l.startsWith("sun.ci.totalCompiles "))
                    .findFirst().orElseThrow().split(" ");
            assertThat(Long.parseLong(compiles[1])).isLessThanOrEqualTo(opened);
            assertThat(Long.parseLong(compiles[2])).isGreaterThanOrEqualTo(ended);
            assertThat(Long.parseLong(compiles[3])).as("compilations in the window").isPositive()
                    .isEqualTo(Long.parseLong(compiles[2]) - Long.parseLong(compiles[1]));
            assertThat(Files.readAllLines(file)).filteredOn(l -> !l.startsWith("#")).hasSize(PerfCountersProbe.COUNTERS.size());
            assertThat(notes).isEmpty();
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aWindowThatNeverEndedWritesNoFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("001-x-y.perf.txt");
        PerfCountersProbe probe = new PerfCountersProbe(PerfData.of(ProcessHandle.current().pid()).orElseThrow(), file, note -> { });

        probe.phase(LoadPhase.MEASURE);
        probe.stop();

        assertThat(file).doesNotExist();
    }

    /** Keeps compiling: sorts a new array shape each round, so the JIT always has work. */
    public static final class Compiling {
        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            java.util.Random random = new java.util.Random(1);
            while (System.nanoTime() < end) {
                int[] values = random.ints(1_000).toArray();
                Arrays.sort(values);
                String.valueOf(values[0]).repeat(2).hashCode();
                Thread.sleep(1);
            }
        }
    }
}
