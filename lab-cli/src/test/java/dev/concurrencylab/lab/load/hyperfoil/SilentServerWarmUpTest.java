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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Warm-ups on a server that answers late or never: what they prove is how long a warm-up waits, not
 * what it measured, and they spend 50 s waiting on next to no CPU, so they run beside the other test
 * classes (junit-platform.properties) rather than holding the machine to themselves, on a server of
 * their own.
 */
@Execution(ExecutionMode.CONCURRENT)
class SilentServerWarmUpTest {

    private static TestServer server;
    private final HyperfoilDriver driver = new HyperfoilDriver(1);

    @BeforeAll
    static void start() throws Exception {
        server = new TestServer();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void aWarmUpOnAServerThatAnswersNothingEndsOnceItHasBeenSilentForTenSecondsAndIsNotSteady() {
        // Every request outlives its 2 s timeout: the server answers none, as mvc-virtual's ack=none did in E3.
        RequestSpec request = new RequestSpec("GET", "/stall", null, null, Duration.ofSeconds(2));
        LoadModel model = new LoadModel.MaxRate(4, Duration.ofSeconds(1));
        LoadResult result = driver.run(new LoadRun(server.uri(), request, Checks.NONE, model,
                Warmup.steady(Duration.ofSeconds(2), Duration.ofSeconds(40))), LoadListener.NONE);

        assertThat(result.steady()).isFalse();
        assertThat(result.warmedSeconds()).isBetween(Warmup.SILENT_SECONDS - 1.0, Warmup.SILENT_SECONDS + 4.0);
        assertThat(result.good()).isZero();
        assertThat(result.errors().get(ErrorClass.TIMEOUT)).isPositive();
    }

    @Test
    void aWarmUpOnAServerWhoseAnswersTakeLongerThanTenSecondsIsNotCutShort() {
        // Every answer takes 12 s, inside the 15 s timeout: silent seconds from a live server, waited out to the maximum.
        RequestSpec request = new RequestSpec("GET", "/sleep?ms=12000", null, null, Duration.ofSeconds(15));
        LoadModel model = new LoadModel.MaxRate(2, Duration.ofSeconds(1));
        LoadResult result = driver.run(new LoadRun(server.uri(), request, Checks.NONE, model,
                Warmup.steady(Duration.ofSeconds(2), Duration.ofSeconds(13))), LoadListener.NONE);

        assertThat(result.warmedSeconds()).isGreaterThanOrEqualTo(12.9);
    }
}
