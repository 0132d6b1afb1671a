package dev.concurrencylab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.load.hyperfoil.HyperfoilDriver;
import dev.concurrencylab.lab.load.hyperfoil.TestServer;
import dev.concurrencylab.lab.monitor.RefusingPort;
import dev.concurrencylab.lab.result.Flag;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** Whose doing late requests were, judged on real load against a real server whose behaviour is known. */
@Isolated
class AttributionTest {

    private static TestServer server;
    private static final ScheduledExecutorService LATER = Executors.newSingleThreadScheduledExecutor();
    private final HyperfoilDriver driver = new HyperfoilDriver(1);

    @BeforeAll
    static void start() throws Exception {
        server = new TestServer();
    }

    @AfterAll
    static void stop() throws Exception {
        LATER.shutdownNow();
        server.close();
    }

    private LoadResult run(String path, LoadModel model) {
        return run(path, model, LoadListener.NONE);
    }

    private LoadResult run(String path, LoadModel model, LoadListener listener) {
        RequestSpec request = new RequestSpec("GET", path, null, null, Duration.ofSeconds(5));
        return driver.run(new LoadRun(server.uri(), request, Checks.NONE, model, Warmup.fixed(Duration.ofSeconds(1))), listener);
    }

    /** Does {@code then} once the window opens, however long the lab took to get there. */
    private static LoadListener whenMeasuring(Runnable then) {
        return new LoadListener() {
            @Override
            public void phase(LoadPhase phase) {
                if (phase == LoadPhase.MEASURE) {
                    then.run();
                }
            }
        };
    }

    /**
     * The load as a driver that no one held up would have measured it. On a busy machine this JVM is
     * kept from running now and then, and a stall of the driver rightly makes any trial generator-limited
     * (the last test proves it); a test of what the server's doing shows must not depend on that.
     */
    private static LoadResult withoutDriverStalls(LoadResult l) {
        return new LoadResult(l.latencyNanos(), l.failedLatencyNanos(), l.sent(), l.answered(), l.errors(), l.checks(), l.latencyCheckFailed(),
                l.series(), l.windowSeconds(), l.waitSeconds(), l.sessionLimitHit(), l.blockedMillis(), SchedulingLag.Figures.NONE,
                l.warmedSeconds(), l.steady(), l.connections(), l.failure(), l.goodAfterWindow());
    }

    @Test
    void aServerThatStallsForASecondShowsItInP99AndIsOverloadedNotTheDriversLimit() {
        // 200 sessions at 200 req/s: a stall of a second and more keeps every one of them waiting.
        LoadModel model = new OpenRate(200, Duration.ofSeconds(4), 0);
        LoadListener pauseInTheWindow = whenMeasuring(() -> LATER.schedule(() -> server.pauseFor(Duration.ofMillis(1300)), 1500, TimeUnit.MILLISECONDS));

        LoadResult load = run("/pausable", model, pauseInTheWindow);
        Attribution.Outcome outcome = Attribution.of(model, withoutDriverStalls(load));

        assertThat(load.sessionLimitHit()).isTrue();
        assertThat(load.latencyNanos().getValueAtPercentile(99) / 1e6).isGreaterThan(900);
        assertThat(outcome.flags()).containsKey(Flag.OVERLOADED).doesNotContainKey(Flag.GENERATOR_LIMITED);
        assertThat(outcome.flags().get(Flag.OVERLOADED)).contains("all 200 sessions were waiting");
    }

    @Test
    void aServerThatAcceptsNoConnectionIsOverloadedNotADriverThatStoppedSending() throws Exception {
        // Nothing listens: every connect is refused, and after 100 in a row the engine's pool sends nothing more.
        try (RefusingPort refusing = new RefusingPort()) {
            URI nobody = URI.create("http://127.0.0.1:" + refusing.port());
            LoadModel model = new OpenRate(200, Duration.ofSeconds(2), 0);
            RequestSpec request = new RequestSpec("GET", "/ok", null, null, Duration.ofSeconds(5));

            LoadResult load = driver.run(new LoadRun(nobody, request, Checks.NONE, model, Warmup.fixed(Duration.ofSeconds(1))), LoadListener.NONE);
            Attribution.Outcome outcome = Attribution.of(model, withoutDriverStalls(load));

            assertThat(load.connections().refused()).isGreaterThanOrEqualTo(100);
            assertThat(outcome.delivery().connectsFailed()).isEqualTo(load.connections().refused());
            assertThat(outcome.flags()).containsKey(Flag.OVERLOADED).doesNotContainKey(Flag.GENERATOR_LIMITED);
            assertThat(outcome.flags().get(Flag.OVERLOADED)).contains("stopped accepting connections");
        }
    }

    @Test
    void aBurstWaitsWhileTheServerAcceptsItsNewConnectionsAndThatIsNotTheDriversLimit() {
        LoadModel model = new LoadModel.Burst(300);

        LoadResult load = run("/sleep?ms=20", model);
        Attribution.Outcome outcome = Attribution.of(model, withoutDriverStalls(load));

        assertThat(load.answered()).isEqualTo(300);
        assertThat(load.blockedMillis()).as("each request waited for its own connection").isPositive();
        assertThat(outcome.flags()).doesNotContainKey(Flag.GENERATOR_LIMITED);
    }

    @Test
    void aServerFarPastItsCapacityIsOverloadedWithItsLatencies() {
        // /limited serves 80 req/s at most; 300 are offered.
        LoadModel model = new OpenRate(300, Duration.ofSeconds(3), 0);

        LoadResult load = run("/limited", model);
        Attribution.Outcome outcome = Attribution.of(model, withoutDriverStalls(load));

        assertThat(outcome.flags()).containsKey(Flag.OVERLOADED).doesNotContainKey(Flag.GENERATOR_LIMITED);
        assertThat(outcome.delivery().shortfall()).isGreaterThan(0.1);
        assertThat(outcome.flags().get(Flag.OVERLOADED)).contains("of the 300 asked for").contains("lower bound");
        assertThat(load.maxLatencyMs()).isGreaterThan(900);
    }

    @Test
    void aDriverKeptFromRunningIsGeneratorLimited() throws Exception {
        // The kernel stops this JVM (driver and all) for 600 ms a second into the window: nothing the server did.
        long pid = ProcessHandle.current().pid();
        java.util.concurrent.CompletableFuture<Process> stopper = new java.util.concurrent.CompletableFuture<>();
        LoadListener stopInTheWindow = whenMeasuring(() -> {
            try {
                stopper.complete(new ProcessBuilder("sh", "-c", "sleep 1; kill -STOP " + pid + "; sleep 0.6; kill -CONT " + pid).start());
            } catch (java.io.IOException e) {
                stopper.completeExceptionally(e);
            }
        });
        LoadModel model = new OpenRate(100, Duration.ofSeconds(3), 0);

        LoadResult load = run("/ok", model, stopInTheWindow);
        assertThat(stopper.get(10, TimeUnit.SECONDS).waitFor(10, TimeUnit.SECONDS)).isTrue();
        Attribution.Outcome outcome = Attribution.of(model, load);

        assertThat(outcome.delivery().driverLagMaxMs()).isGreaterThan(400);
        assertThat(outcome.flags()).containsKey(Flag.GENERATOR_LIMITED).doesNotContainKey(Flag.OVERLOADED);
        assertThat(outcome.flags().get(Flag.GENERATOR_LIMITED)).contains("kept from running");
    }

    @Test
    void aWaitForAConnectionIsTheDriversLimitOnlyPastAHundredthOfTheRequestsTimeInFlight() {
        LoadModel model = new LoadModel.MaxRate(8, Duration.ofSeconds(2));
        LoadResult load = withoutDriverStalls(run("/ok", model));
        double inFlightMs = Attribution.inFlightMillis(load);

        assertThat(Attribution.of(model, blocked(load, 3)).flags()).as("3 ms over %.0f ms in flight", inFlightMs)
                .doesNotContainKey(Flag.GENERATOR_LIMITED);
        assertThat(Attribution.of(model, blocked(load, Math.round(inFlightMs * 2 * Attribution.SHORT))).flags())
                .as("a fiftieth of %.0f ms in flight", inFlightMs).containsKey(Flag.GENERATOR_LIMITED);
    }

    @Test
    void anArrivalTheEnginesLastTickDidNotSendLeavesTheWindowOnTimeButMoreIsABacklog() {
        LoadModel model = new OpenRate(200, Duration.ofSeconds(3), 0);
        LoadResult load = withoutDriverStalls(run("/ok", model));
        long due = Math.round(200 * load.windowSeconds());

        assertThat(Attribution.unsent(200, sent(load, due - 1))).as("one arrival of the last tick").isZero();
        assertThat(Attribution.unsent(200, sent(load, due - 50))).isEqualTo(49);
        assertThat(Attribution.unsent(3000, sent(load, Math.round(3000 * load.windowSeconds()) - 3))).as("3,000 req/s: 3 a tick").isZero();
    }

    private static LoadResult sent(LoadResult l, long sent) {
        return new LoadResult(l.latencyNanos(), l.failedLatencyNanos(), sent, l.answered(), l.errors(), l.checks(), l.latencyCheckFailed(),
                l.series(), l.windowSeconds(), l.waitSeconds(), l.sessionLimitHit(), l.blockedMillis(), l.driverLag(),
                l.warmedSeconds(), l.steady(), l.connections(), l.failure(), l.goodAfterWindow());
    }

    private static LoadResult blocked(LoadResult l, long millis) {
        return new LoadResult(l.latencyNanos(), l.failedLatencyNanos(), l.sent(), l.answered(), l.errors(), l.checks(), l.latencyCheckFailed(),
                l.series(), l.windowSeconds(), l.waitSeconds(), l.sessionLimitHit(), millis, l.driverLag(),
                l.warmedSeconds(), l.steady(), l.connections(), l.failure(), l.goodAfterWindow());
    }

    @Test
    void aServerThatKeepsUpIsNeitherOverloadedNorTheDriversLimit() {
        LoadModel model = new OpenRate(200, Duration.ofSeconds(3), 0);

        LoadResult load = run("/ok", model);
        Attribution.Outcome outcome = Attribution.of(model, withoutDriverStalls(load));

        assertThat(outcome.flags()).isEmpty();
        assertThat(outcome.delivery().shortfall()).isLessThan(Attribution.SHORT);
        // An arrival still unsent when the window closed is the driver's own lateness: none while its JVM ran on time, and
        // on a busy machine no more than its longest measured lag held (one arrival each 5 ms): one past the last tick, once, in a loop of tests beside a test run.
        long lagHeld = (long) Math.floor(200 * load.driverLag().maxMs() / 1000);
        assertThat(outcome.delivery().behind()).as("its percentiles are no lower bound beyond the driver's own lag of %.1f ms",
                load.driverLag().maxMs()).isLessThanOrEqualTo(lagHeld);
        assertThat(outcome.delivery().targetRate()).isEqualTo(200);
    }
}
