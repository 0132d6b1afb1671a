package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.load.LoadPhase;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A real JVM's compiler threads through a warm-up and the window that follows it. */
class JitPriorityTest {

    @Test
    void compilerThreadsArePreferredThroughTheWarmUpAndBackToTheirOwnPriorityInTheWindow() throws Exception {
        CompilerThreadsTest.withBusyJvm(server -> {
            Thread.sleep(500);
            List<String> refusals = new ArrayList<>();
            JitPriority priority = new JitPriority(CompilerThreads.of(server.pid()).orElseThrow(), null, refusals::add);
            List<Long> tids = CompilerThreadsTest.compilerThreads(server.pid());

            priority.phase(LoadPhase.WARM_UP);
            priority.progress(100, 0);
            assertThat(CompilerThreadsTest.nices(server.pid(), tids)).containsOnly(CompilerThreads.WARM_UP_NICE);

            priority.phase(LoadPhase.MEASURE);
            priority.progress(200, 0);
            assertThat(CompilerThreadsTest.nices(server.pid(), tids)).containsOnly(0);
            assertThat(refusals).as("refused (the lab runs as root here)").isEmpty();
        });
    }

    @Test
    void compilerThreadsUseTheDriversCpuTooThroughTheWarmUpAndOnlyTheServersInTheWindow() throws Exception {
        assumeTrue(Affinity.allowedCpus().size() >= 2 && Affinity.unavailable().isEmpty(), "two CPUs and taskset");
        CompilerThreadsTest.withBusyJvm(server -> {
            Thread.sleep(500);
            Affinity.pinTree(server.pid(), "1");
            List<String> refusals = new ArrayList<>();
            JitPriority priority = new JitPriority(CompilerThreads.of(server.pid()).orElseThrow(), new JitPriority.Cpus("0,1", "1"),
                    refusals::add);
            List<Long> tids = CompilerThreadsTest.compilerThreads(server.pid());
            assertThat(tids).as("compiler threads of a HotSpot JVM").isNotEmpty();

            priority.phase(LoadPhase.WARM_UP);
            assertThat(allowed(server.pid(), tids)).containsOnly("0-1");
            assertThat(allowed(server.pid(), List.of(server.pid()))).as("the JVM's other threads").containsOnly("1");

            // The lab pins a whole server onto its CPUs as its first load begins: the next second moves the compilers out again.
            Affinity.pinTree(server.pid(), "1");
            priority.progress(100, 0);
            assertThat(allowed(server.pid(), tids)).containsOnly("0-1");

            priority.phase(LoadPhase.MEASURE);
            priority.progress(200, 0);
            assertThat(allowed(server.pid(), tids)).containsOnly("1");
            assertThat(refusals).as("refused (the lab runs as root here)").isEmpty();
        });
    }

    @Test
    void aWarmUpsRefusedCpusAreNotAskedAgainAndTheWindowsMoveBackIsStillMade() throws Exception {
        assumeTrue(Affinity.allowedCpus().size() >= 2 && Affinity.unavailable().isEmpty(), "two CPUs and taskset");
        CompilerThreadsTest.withBusyJvm(server -> {
            Thread.sleep(500);
            Affinity.pinTree(server.pid(), "0,1");
            CompilerThreads compilers = CompilerThreads.of(server.pid()).orElseThrow();
            List<Long> tids = CompilerThreadsTest.compilerThreads(server.pid());

            // CPU 4095 is on no machine the lab runs on: taskset refuses it, as it refuses a lab without the right to pin.
            String refusal = compilers.allow("4095").orElseThrow();
            assertThat(compilers.allow("4095")).as("the same CPUs again").contains(refusal);
            assertThat(compilers.allow("1")).as("the window's CPUs").isEmpty();
            assertThat(allowed(server.pid(), tids)).containsOnly("1");
        });
    }

    /** The CPUs each of {@code tids} still running may use, as the kernel lists them. */
    private static List<String> allowed(long pid, List<Long> tids) throws java.io.IOException {
        List<String> cpus = new ArrayList<>();
        for (long tid : tids) {
            try {
                CompilerThreads.allowedCpus(Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "status")))
                        .ifPresent(cpus::add);
            } catch (NoSuchFileException ended) {
                // HotSpot ends a compiler thread beyond the first of its kind once idle: nothing to compare
            }
        }
        return cpus;
    }
}
