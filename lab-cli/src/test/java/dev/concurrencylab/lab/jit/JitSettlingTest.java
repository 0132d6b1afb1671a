package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Settling judged on a real JVM's compiler threads. */
class JitSettlingTest {

    @Test
    void anIdleJvmHasSettledAfterFiveQuietSeconds() throws Exception {
        CompilerThreadsTest.withBusyJvm(child -> {
            Thread.sleep(1000);
            // Idle: waiting on stdin, nothing to compile.
            JitSettling idle = new JitSettling(CompilerThreads.of(child.pid()).orElseThrow());
            boolean settled = false;
            for (int s = 0; s < JitSettling.SECONDS; s++) {
                Thread.sleep(1000);
                settled = idle.settled();
            }
            assertThat(settled).as("an idle JVM, its compiler threads on or waiting for a CPU %s ms in 5 s", idle.recentMillis()).isTrue();
        });
    }

    @Test
    void fewerSecondsThanTheWindowAreNeverSettled() throws Exception {
        JitSettling settling = new JitSettling(CompilerThreads.of(ProcessHandle.current().pid()).orElseThrow());

        assertThat(settling.settled()).isFalse();
    }
}
