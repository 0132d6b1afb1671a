package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** A real JVM's own counters, read from its perf-data file as the lab reads a server's. */
@Isolated
public class PerfDataTest {

    @Test
    void aJvmsCompileCountRisesWhileItCompilesNewCode() throws Exception {
        Process jvm = compiling(20);
        try {
            PerfData counters = waitForCounters(jvm.pid());
            long before = counters.counter(JitSettling.TOTAL_COMPILES).orElseThrow();
            Thread.sleep(2000);

            assertThat(counters.counter(JitSettling.TOTAL_COMPILES).orElseThrow()).isGreaterThan(before + 20);
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCounterTheJvmDoesNotKeepIsEmptyAndSoIsAProcessWithoutCounters() throws Exception {
        Process jvm = compiling(1);
        try {
            assertThat(waitForCounters(jvm.pid()).counter("lab.no.such.counter")).isEmpty();
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(PerfData.of(Long.MAX_VALUE)).isEmpty();
    }

    /** Waits until the JVM {@code pid} has written its perf-data file and counts its compilations. */
    public static PerfData waitForCounters(long pid) throws InterruptedException {
        for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10); System.nanoTime() < end; Thread.sleep(100)) {
            var counters = PerfData.of(pid);
            if (counters.isPresent() && counters.get().counter(JitSettling.TOTAL_COMPILES).isPresent()) {
                return counters.get();
            }
        }
        throw new AssertionError("JVM " + pid + " wrote no perf-data file in 10 s");
    }

    /** A JVM that compiles about {@code perSecond} new small methods a second ({@link Compiling}), for 30 s. */
    static Process compiling(int perSecond) throws java.io.IOException {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:ActiveProcessorCount=1",
                "-cp", System.getProperty("java.class.path"), Compiling.class.getName(), Integer.toString(perSecond))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /**
     * Loads a fresh copy of {@link Hot} a given number of times a second, each through a class
     * loader of its own, and calls it until the JIT compiles it: code the JVM has not seen, little
     * of it, so the compilations are many and each is short.
     */
    public static final class Compiling {
        public static void main(String[] args) throws Exception {
            int perSecond = Integer.parseInt(args[0]);
            byte[] hot;
            try (InputStream in = Compiling.class.getResourceAsStream("PerfDataTest$Hot.class")) {
                hot = in.readAllBytes();
            }
            long sum = 0;
            for (long next = System.nanoTime(), end = next + TimeUnit.SECONDS.toNanos(30); next < end; next += 1_000_000_000L / perSecond) {
                Class<?> copy = new ClassLoader(null) {
                    Class<?> define() {
                        return defineClass(Hot.class.getName(), hot, 0, hot.length);
                    }
                }.define();
                Method add = copy.getMethod("add", long.class, int.class);
                for (int i = 0; i < 3_000; i++) {
                    sum = (long) add.invoke(null, sum, i);
                }
                Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(next - System.nanoTime())));
            }
            System.out.println(sum);
        }
    }

    /** The method each copy compiles. */
    public static final class Hot {
        public static long add(long sum, int i) {
            return sum * 31 + i;
        }
    }
}
