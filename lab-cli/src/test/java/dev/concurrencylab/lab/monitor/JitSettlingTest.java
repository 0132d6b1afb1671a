package dev.concurrencylab.lab.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Settling judged on a real JVM's JIT counters. */
class JitSettlingTest {

    @Test
    void anIdleJvmHasSettledAfterFiveQuietSeconds() throws Exception {
        Process child = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), JitClockTest.Busy.class.getName()).start();
        try {
            JitClock clock = null;
            for (int i = 0; i < 200 && clock == null; i++) {
                clock = JitClock.of(child.pid()).orElse(null);
                Thread.sleep(50);
            }
            assertThat(clock).as("perf data of the child JVM").isNotNull();
            // Idle: waiting on stdin, nothing to compile.
            JitSettling idle = new JitSettling(clock);
            boolean settled = false;
            for (int s = 0; s < JitSettling.SECONDS; s++) {
                Thread.sleep(1000);
                settled = idle.settled();
            }
            assertThat(settled).as("an idle JVM, %s ms compiled in 5 s", idle.recentMillis()).isTrue();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void fewerSecondsThanTheWindowAreNeverSettled() throws Exception {
        JitClock own = JitClock.of(ProcessHandle.current().pid()).orElseThrow();
        JitSettling settling = new JitSettling(own);

        assertThat(settling.settled()).isFalse();
    }
}
