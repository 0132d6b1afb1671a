package dev.concurrencylab.lab.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The JIT counters of a real JVM, read from its perf-data file while it works and after it stops compiling. */
class JitClockTest {

    @Test
    void aJvmThatRunsNewCodeCompilesAndTheClockSeesIt() throws Exception {
        // A separate JVM, so the reading is of another process, as the lab reads its servers.
        Process child = new ProcessBuilder(java(), "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                Busy.class.getName()).start();
        try {
            JitClock clock = awaitClock(child.pid());
            long before = clock.compiles();
            child.getOutputStream().write('\n');
            child.getOutputStream().flush();
            Thread.sleep(1500);

            assertThat(clock.compiles()).isGreaterThan(before);
            assertThat(clock.compileMillis()).isPositive();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessWithoutPerfDataHasNoClock() throws Exception {
        Process child = new ProcessBuilder(java(), "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
                Busy.class.getName()).start();
        try {
            Thread.sleep(1000);
            assertThat(JitClock.of(child.pid())).isEmpty();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static JitClock awaitClock(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            var clock = JitClock.of(pid);
            if (clock.isPresent()) {
                return clock.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no perf data for pid " + pid + " within 10 s");
    }

    private static String java() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Waits for a line on stdin, then runs code the JIT has not seen, for a while. */
    public static final class Busy {
        public static void main(String[] args) throws Exception {
            System.in.read();
            double sum = 0;
            for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); System.nanoTime() < end; ) {
                for (int i = 0; i < 10_000; i++) {
                    sum += Math.sqrt(i) * Math.sin(sum + i) + String.valueOf(i).hashCode();
                }
            }
            System.out.println(sum);
        }
    }
}
