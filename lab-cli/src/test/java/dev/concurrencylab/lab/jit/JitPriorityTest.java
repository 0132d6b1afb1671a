package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.LoadPhase;
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
            JitPriority priority = new JitPriority(CompilerThreads.of(server.pid()).orElseThrow(), refusals::add);
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
}
