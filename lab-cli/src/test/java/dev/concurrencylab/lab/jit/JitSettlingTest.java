package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Settling judged on a real JVM's compiler threads, beside its own count of compilations. */
@Isolated
class JitSettlingTest {

    @Test
    void anIdleJvmHasSettledAfterFiveQuietSeconds() throws Exception {
        CompilerThreadsTest.withBusyJvm(child -> {
            PerfData counters = PerfDataTest.waitForCounters(child.pid());
            Thread.sleep(1000);
            // Idle: waiting on stdin, nothing to compile.
            JitSettling idle = new JitSettling(CompilerThreads.of(child.pid()).orElseThrow(), Optional.of(counters));
            boolean settled = secondsOf(idle);
            assertThat(settled).as("an idle JVM, its compiler threads on or waiting for a CPU %s ms in 5 s, %s compilations",
                    idle.recentMillis(), idle.compilesLately()).isTrue();
            assertThat(idle.compilesLately()).as("an idle JVM compiles next to nothing").isLessThan(20);
        });
    }

    @Test
    void aJvmThatGoesOnCompilingHasItsOwnCountOfCompilationsRecorded() throws Exception {
        // Five fresh copies of a small class a second: 150-190 compilations in 5 s, measured alone.
        Process jvm = PerfDataTest.compiling(5);
        try {
            JitSettling compiling = new JitSettling(CompilerThreads.of(jvm.pid()).orElseThrow(), Optional.of(PerfDataTest.waitForCounters(jvm.pid())));
            Thread.sleep(3000);
            secondsOf(compiling);

            assertThat(compiling.compilesLately()).as("compilations in the last 5 s").isGreaterThan(75);
            assertThat(compiling.watched().compilesLately()).isEqualTo(compiling.compilesLately());
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void withoutTheJvmsCountersNoCountIsRecorded() throws Exception {
        CompilerThreadsTest.withBusyJvm(child -> {
            Thread.sleep(1000);
            JitSettling threadsOnly = new JitSettling(CompilerThreads.of(child.pid()).orElseThrow(), Optional.empty());

            assertThat(secondsOf(threadsOnly)).isTrue();
            assertThat(threadsOnly.compilesLately()).isNull();
        });
    }

    @Test
    void fewerSecondsThanTheWindowAreNeverSettled() throws Exception {
        JitSettling settling = new JitSettling(CompilerThreads.of(ProcessHandle.current().pid()).orElseThrow(), PerfData.of(ProcessHandle.current().pid()));

        assertThat(settling.settled()).isFalse();
    }

    /** Asks once a second, as a warm-up does, for the rule's window; the last answer. */
    private static boolean secondsOf(JitSettling settling) throws InterruptedException {
        boolean settled = false;
        for (int s = 0; s < JitSettling.SECONDS; s++) {
            Thread.sleep(1000);
            settled = settling.settled();
        }
        return settled;
    }
}
