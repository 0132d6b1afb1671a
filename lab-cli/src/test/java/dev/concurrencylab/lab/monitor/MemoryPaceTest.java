package dev.concurrencylab.lab.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.usage.ResourceSample;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** The machine's pace: a chase that misses the caches, and the monitor's samples carrying it. */
@Isolated
class MemoryPaceTest {

    @Test
    void theChaseIsOneCycleThroughEverySlot() {
        int slots = 1 << 16;
        // From slot 0, every slot once and back: the permutation has no shorter loop a cache could hold.
        int[] next = MemoryPace.cycle(slots, 7);
        boolean[] seen = new boolean[slots];
        int p = 0;
        int steps = 0;
        do {
            assertThat(seen[p]).as("slot %d visited twice after %d steps", p, steps).isFalse();
            seen[p] = true;
            p = next[p];
            steps++;
        } while (p != 0);
        assertThat(steps).isEqualTo(slots);
    }

    @Test
    void aChaseThrough64MbIsSlowerPerLoadThanOneThatFitsInTheFirstCache() {
        // 4,096 slots are 16 KB: every load a first-level hit. 64 MB: every load a miss of every cache, several times
        // slower on any machine; the best of three chases leaves a preempted one out, so a busy machine does not blur it.
        double cached = new MemoryPace(1 << 12, 1).nanosPerLoad();
        double memory = MemoryPace.shared().nanosPerLoad();

        assertThat(memory).as("64 MB: %.1f ns per load; 16 KB: %.1f", memory, cached).isGreaterThan(4 * cached);
    }

    @Test
    void aPacedMonitorTimesTheMemoryAtEverySample() throws Exception {
        Monitor monitor = new Monitor(new ProcessMetrics(), new Monitor.Target(null, null, Map.of()), Duration.ofMillis(300),
                MemoryPace.shared());
        monitor.begin();
        Thread.sleep(1_000);
        List<ResourceSample> samples = monitor.finish();

        assertThat(samples).isNotEmpty().allSatisfy(s -> assertThat(s.values().get(ResourceSample.MEMORY_NS)).isPositive());
        Monitor unpaced = new Monitor(new ProcessMetrics(), new Monitor.Target(null, null, Map.of()), Duration.ofMillis(300));
        unpaced.begin();
        Thread.sleep(700);
        assertThat(unpaced.finish()).isNotEmpty().allSatisfy(s -> assertThat(s.values()).doesNotContainKey(ResourceSample.MEMORY_NS));
    }
}
