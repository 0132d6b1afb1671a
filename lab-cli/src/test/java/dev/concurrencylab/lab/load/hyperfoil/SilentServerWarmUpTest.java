package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ErrorClass;
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
 * Warm-ups on a server that answers late or never: what they prove is how long a warm-up waits, not
 * what it measured, and they spend about 40 s waiting on next to no CPU, so they run beside the other
 * test classes (junit-platform.properties) rather than holding the machine to themselves, each on a
 * server of its own.
 */
@Execution(ExecutionMode.CONCURRENT)
class SilentServerWarmUpTest {

    @Test
    void aWarmUpOnAServerThatAnswersNothingEndsOnceItHasBeenSilentForTenSecondsAndIsNotSteady() throws Exception {
        // Every request outlives its 2 s timeout: the server answers none, as mvc-virtual's ack=none did in E3.
        LoadResult result = warmUp("/stall", Duration.ofSeconds(2), 4, Duration.ofSeconds(40));

        assertThat(result.steady()).isFalse();
        assertThat(result.warmedSeconds()).isBetween(Warmup.SILENT_SECONDS - 1.0, Warmup.SILENT_SECONDS + 4.0);
        assertThat(result.good()).isZero();
        assertThat(result.errors().get(ErrorClass.TIMEOUT)).isPositive();
    }

    @Test
    void aWarmUpOnAServerWhoseAnswersTakeLongerThanTenSecondsIsNotCutShort() throws Exception {
        // Every answer takes 12 s, inside the 15 s timeout: silent seconds from a live server, waited out to the maximum.
        LoadResult result = warmUp("/sleep?ms=12000", Duration.ofSeconds(15), 2, Duration.ofSeconds(13));

        assertThat(result.warmedSeconds()).isGreaterThanOrEqualTo(12.9);
    }

    /** A warm-up until steady (2 s at least, {@code max} at most) of {@code workers} closed workers, then a 1 s window. */
    private static LoadResult warmUp(String path, Duration timeout, int workers, Duration max) throws Exception {
        try (TestServer server = new TestServer()) {
            RequestSpec request = new RequestSpec("GET", path, null, null, timeout);
            return new HyperfoilDriver(1).run(new LoadRun(server.uri(), request, Checks.NONE, new LoadModel.MaxRate(workers, Duration.ofSeconds(1)),
                    Warmup.steady(Duration.ofSeconds(2), max)), LoadListener.NONE);
        }
    }
}
