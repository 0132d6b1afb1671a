package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * One answer slower than Hyperfoil's own histograms reach. The test waits a minute for it and uses
 * next to no CPU, so it runs beside the other test classes (junit-platform.properties), on a server
 * of its own so no other test counts its request in flight.
 */
@Execution(ExecutionMode.CONCURRENT)
class SlowAnswerTest {

    @Test
    void anAnswerSlowerThanAMinuteKeepsItsTimeInTheSummaryAndInItsSecond() throws Exception {
        try (TestServer server = new TestServer()) {
            RequestSpec request = new RequestSpec("GET", "/sleep?ms=61500", null, null, Duration.ofSeconds(70));
            LoadResult result = new HyperfoilDriver(1).run(new LoadRun(server.uri(), request, Checks.NONE, new LoadModel.CountXConcurrency(1, 1),
                    Warmup.NONE), LoadListener.NONE);

            assertThat(result.maxLatencyMs()).isGreaterThan(61_000);
            assertThat(result.series().getFirst().maxMs()).isGreaterThan(61_000);
            assertThat(result.series().getFirst().answered()).isEqualTo(1);
        }
    }
}
