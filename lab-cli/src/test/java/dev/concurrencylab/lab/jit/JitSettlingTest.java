package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Settling judged on a real JVM's compiler threads and its own compile count. */
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
            assertThat(idle.compilesLately()).isLessThanOrEqualTo(JitSettling.QUIET_COMPILES);
        });
    }

    @Test
    void aJvmThatGoesOnCompilingIsNotSettledHoweverLittleEachCompileTakes() throws Exception {
        // Five fresh copies of a small class a second: 150-190 compilations in 5 s, for which the
        // compiler threads ran or waited ~270 ms (measured alone), under their 500 ms bound. The
        // threads' time alone could call this JVM quiet; its own count cannot.
        Process jvm = PerfDataTest.compiling(5);
        try {
            JitSettling compiling = new JitSettling(CompilerThreads.of(jvm.pid()).orElseThrow(), Optional.of(PerfDataTest.waitForCounters(jvm.pid())));
            Thread.sleep(3000);
            boolean settled = secondsOf(compiling);

            assertThat(settled).as("%s compilations in 5 s, compiler threads %s ms", compiling.compilesLately(), compiling.recentMillis()).isFalse();
            assertThat(compiling.compilesLately()).isGreaterThan(JitSettling.QUIET_COMPILES);
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void withoutTheJvmsCountersTheCompilerThreadsAloneDecide() throws Exception {
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
