package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.monitor.RefusingPort;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

@Isolated
class HyperfoilDriverTest {

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

    private LoadResult run(URI target, String path, Checks checks, LoadModel model, Duration timeout) {
        RequestSpec request = new RequestSpec("GET", path, null, null, timeout);
        return driver.run(new LoadRun(target, request, checks, model, Warmup.NONE), LoadListener.NONE);
    }

    private LoadResult run(String path, LoadModel model) {
        return run(server.uri(), path, Checks.NONE, model, Duration.ofSeconds(5));
    }

    @Test
    void openRateAchievesItsTargetRateWithinTwoPercent() {
        RequestSpec request = new RequestSpec("GET", "/ok", null, null, Duration.ofSeconds(5));
        LoadModel model = new OpenRate(200, Duration.ofSeconds(5), 100);
        LoadResult result = driver.run(new LoadRun(server.uri(), request, Checks.NONE, model, Warmup.fixed(Duration.ofSeconds(2))), LoadListener.NONE);

        assertThat(result.windowSeconds()).isCloseTo(5.0, within(0.2));
        // Within 2 %, and past that no more arrivals unsent than the driver's own measured lag held (one each 5 ms): on a busy
        // machine the driver's JVM waits for a CPU (seen: 973 of 1,000 sent, in a loop of tests beside a test run).
        double lagHeld = Math.floor(200 * result.driverLag().maxMs() / 1000) / result.windowSeconds();
        assertThat(result.sendRate()).as("the driver's own lag: %.1f ms", result.driverLag().maxMs()).isCloseTo(200, within(4.0 + lagHeld));
        assertThat(result.errorCount()).isZero();
        // 100 sessions at 200 a second are all in flight only when the JVM (driver and server both) stalled half a second:
        // seen once beside a test run's build. A JVM whose driver ran on time holds nothing back.
        if (result.driverLag().maxMs() < 100) {
            assertThat(result.heldBack()).as("held back, the driver's own lag: %.1f ms", result.driverLag().maxMs()).isFalse();
        }
    }

    @Test
    void aClosedWindowStartsWithItsFirstRequestNotWithWhatTheLabDoesAsItOpens() {
        RequestSpec request = new RequestSpec("GET", "/sleep?ms=10", null, null, Duration.ofSeconds(5));
        LoadModel model = new LoadModel.MaxRate(4, Duration.ofSeconds(3));
        LoadListener slowToOpen = new LoadListener() {
            @Override
            public void phase(LoadPhase phase) {
                if (phase == LoadPhase.MEASURE) {
                    sleep(600);
                }
            }
        };
        LoadResult result = driver.run(new LoadRun(server.uri(), request, Checks.NONE, model, Warmup.fixed(Duration.ofSeconds(1))), slowToOpen);

        // The engine waits for the lab, so its users start 0.6 s into their 3 s phase.
        assertThat(result.windowSeconds()).isCloseTo(2.4, within(0.15));
        assertThat(result.series().stream().mapToLong(SecondStats::sent).sum()).isEqualTo(result.sent());
    }

    @Test
    void closedModelHoldsExactlyItsUsersInFlight() {
        server.maxInFlight.set(0);
        LoadResult result = run("/sleep?ms=50", new LoadModel.MaxRate(8, Duration.ofSeconds(2)));

        assertThat(server.maxInFlight.get()).isEqualTo(8);
        assertThat(result.answered()).isGreaterThan(100);
        assertThat(result.heldBack()).isFalse();
    }

    @Test
    void closedStagesRampUpToTheirTargetAndDownWithoutOvershoot() {
        server.maxInFlight.set(0);
        LoadResult result = run("/sleep?ms=20", new LoadModel.ClosedStages(List.of(
                new LoadModel.Stage(Duration.ofSeconds(2), 6), new LoadModel.Stage(Duration.ofSeconds(1), 0))));

        assertThat(server.maxInFlight.get()).isEqualTo(6);
        assertThat(result.errorCount()).isZero();
        assertThat(result.heldBack()).isFalse();
        assertThat(result.series()).hasSizeGreaterThanOrEqualTo(3);
    }

    @Test
    void burstSendsAllItsRequestsAtOnce() {
        server.gateOpensAt(200);
        int before = server.requests.get();
        server.maxInFlight.set(0);
        LoadResult result = run("/gate", new LoadModel.Burst(200));

        assertThat(server.requests.get() - before).isEqualTo(200);
        assertThat(server.maxInFlight.get()).isEqualTo(200);
        assertThat(result.answered()).isEqualTo(200);
    }

    @Test
    void countTimesConcurrencySendsExactlyTheCount() {
        int before = server.requests.get();
        server.maxInFlight.set(0);
        LoadResult result = run("/sleep?ms=5", new LoadModel.CountXConcurrency(300, 10));

        assertThat(server.requests.get() - before).isEqualTo(300);
        assertThat(result.sent()).isEqualTo(300);
        assertThat(server.maxInFlight.get()).isLessThanOrEqualTo(10);
    }

    @Test
    void usersTimesRequestsSendsEveryUsersRequests() {
        int before = server.requests.get();
        LoadResult result = run("/ok", new LoadModel.UsersXRequests(20, 15));

        assertThat(server.requests.get() - before).isEqualTo(300);
        assertThat(result.answered()).isEqualTo(300);
    }

    @Test
    void anAnswerMarkedCacheableIsStillFetchedFromTheServerEveryTime() {
        int before = server.requests.get();
        LoadResult result = run("/cacheable", new LoadModel.UsersXRequests(1, 20));

        assertThat(server.requests.get() - before).isEqualTo(20);
        assertThat(result.answered()).isEqualTo(20);
    }

    @Test
    void a500IsAStatusError() {
        LoadResult result = run("/fail", new LoadModel.CountXConcurrency(20, 2));

        assertThat(result.errors()).containsEntry(ErrorClass.STATUS, 20L).containsEntry(ErrorClass.CHECK, 0L);
    }

    @Test
    void aStallPastTheTimeoutIsATimeout() {
        LoadResult result = run(server.uri(), "/stall", Checks.NONE, new LoadModel.CountXConcurrency(2, 2), Duration.ofMillis(300));

        assertThat(result.errors()).containsEntry(ErrorClass.TIMEOUT, 2L).containsEntry(ErrorClass.RESET, 0L);
    }

    @Test
    void aRefusedConnectionIsRefused() throws Exception {
        LoadResult result;
        try (RefusingPort nobody = new RefusingPort()) {
            result = run(URI.create("http://127.0.0.1:" + nobody.port()), "/ok", Checks.NONE, new LoadModel.CountXConcurrency(2, 2),
                    Duration.ofSeconds(1));
        }

        assertThat(result.errors().get(ErrorClass.REFUSED)).isPositive();
        assertThat(result.answered()).isZero();
    }

    @Test
    void aBurstWhoseConnectionsAreRefusedCountsEveryRequestItCouldNotSend() throws Exception {
        // A burst opens a connection per request outside the shared pool; a connect that fails there sends nothing.
        LoadResult result;
        try (RefusingPort nobody = new RefusingPort()) {
            result = run(URI.create("http://127.0.0.1:" + nobody.port()), "/ok", Checks.NONE, new LoadModel.Burst(20), Duration.ofSeconds(1));
        }

        assertThat(result.sent() + result.errors().get(ErrorClass.REFUSED)).as("every request of the burst is sent or refused: %s", result)
                .isEqualTo(20);
        assertThat(result.answered()).isZero();
    }

    @Test
    void aResetConnectionIsAReset() {
        LoadResult result = run(server.resettingUri(), "/ok", Checks.NONE, new LoadModel.CountXConcurrency(4, 2), Duration.ofSeconds(2));

        assertThat(result.errors().get(ErrorClass.RESET)).isPositive();
        assertThat(result.errors()).containsEntry(ErrorClass.TIMEOUT, 0L);
    }

    /*
     * A server with a known ceiling: 4 workers, each holding a request 20 ms, first come first served:
     * μ ≈ 200 a second (a little less: the server's own overhead). Offered λ = 1.2 × 200 from an empty
     * queue, the arrival due at t is served once the λt before it are, at λt/μ, so its latency is
     * hold + t·(λ/μ − 1): a deterministic queue, whose p50 is the line at T/2 and p99 at 0.99·T. On a
     * shared machine μ is not one figure over the run: the server slows while another process holds the
     * cores, and the queue's line bends with it. So the line is drawn from the server's own answers: the
     * arrival due k/λ after the first is answered with the server's k-th answer (first come first served,
     * give or take its four workers), and its latency is that answer's time less when it was due. The
     * driver must find that line (10 %: the driver reads an answer after the server sends it, in the same
     * JVM on the same busy cores) — not the time since sent, which stays near hold + sessions / μ.
     */
    private static final double CEILING = 4 * 1000 / 20.0;

    @Test
    void pastItsCeilingAServerIsCreditedItsCeilingAndLatencyGrowsWithTheQueue() {
        double offered = 1.2 * CEILING;
        server.held.reset();
        server.boundedAnswered.clear();
        LoadResult result = run("/bounded?ms=20", new OpenRate(offered, Duration.ofSeconds(5), 0));
        double served = result.throughput();
        // The ceiling as the server kept it: four workers over the time each request held one.
        double ceiling = 4 * 1_000 / (server.held.getIntervalHistogram().getMean() / 1e6);
        double[] line = queueLine(result, offered);

        assertThat(ceiling).isCloseTo(CEILING, withinPercentage(10));
        // 2 % off seen on a busy machine; crediting the offered rate instead would be 20 % off
        assertThat(served).as("answers in the window per second").isCloseTo(ceiling, withinPercentage(5));
        assertThat(result.goodAfterWindow()).as("answers after the window, apart").isGreaterThan(100);
        assertThat(line[line.length / 2]).as("the queue grew: its middle waited past %.0f ms", 10 * hold(result)).isGreaterThan(10 * hold(result));
        assertThat(percentile(result, 50)).isCloseTo(line[line.length / 2], withinPercentage(10));
        assertThat(percentile(result, 99)).isCloseTo(line[(int) (line.length * 0.99)], withinPercentage(10));
    }

    @Test
    void anArrivalThatWaitedForASessionIsTimedFromWhenItWasDue() {
        // 40 sessions: past the first 40 in flight, arrivals wait in the driver for a session. Those it sent by the window's
        // end (all but the queue's last ~160) keep the queue's line up to the last one sent; 20 %: the session a waiting
        // arrival takes frees as an answer is read, not as it is sent.
        double offered = 1.2 * CEILING;
        server.boundedAnswered.clear();
        LoadResult result = run("/bounded?ms=20", new OpenRate(offered, Duration.ofSeconds(5), 40));
        double[] line = queueLine(result, offered);

        assertThat(result.sessionLimitHit()).isTrue();
        assertThat(percentile(result, 50)).isCloseTo(line[line.length / 2], withinPercentage(20));
        assertThat(result.maxLatencyMs()).isCloseTo(line[line.length - 1], withinPercentage(20));
    }

    /** The fastest answer: the queue's first, its hold alone. */
    private static double hold(LoadResult result) {
        return result.latencyNanos().getMinValue() / 1e6;
    }

    /**
     * Each timed arrival's latency in ms as the server's own answers give it, ascending: the first arrival, due at t0, was
     * answered first, hold after t0; arrival k, due at t0 + k/λ, with the server's k-th answer.
     */
    private static double[] queueLine(LoadResult result, double offered) {
        long[] answers = server.boundedAnswered.stream().mapToLong(Long::longValue).sorted().toArray();
        int timed = (int) result.latencyNanos().getTotalCount();
        assertThat(answers.length).as("the server answered every timed arrival").isGreaterThanOrEqualTo(timed);
        double dueFirst = answers[0] / 1e6 - hold(result);
        return java.util.stream.IntStream.range(0, timed)
                .mapToDouble(k -> answers[k] / 1e6 - (dueFirst + k * 1_000 / offered)).sorted().toArray();
    }

    @Test
    void belowItsCeilingAServersLatencyIsItsHoldTime() throws Exception {
        server.held.reset();
        LoadResult result = run("/bounded?ms=20", new OpenRate(CEILING / 2, Duration.ofSeconds(4), 0));
        org.HdrHistogram.Histogram held = server.held.getIntervalHistogram();

        assertThat(result.throughput()).isCloseTo(CEILING / 2, withinPercentage(2));
        // The server's own time starts once its handler has the request: its HTTP dispatch (0.6-1.2 ms measured here, 2.7 ms on
        // a machine at a load of 15) is outside it. A quarter of the hold: a queue would add tens of ms.
        assertThat(percentile(result, 50) - held.getValueAtPercentile(50) / 1e6).as("the median over the server's own").isBetween(0.0, 5.0);
    }

    private static double percentile(LoadResult result, double p) {
        return result.latencyNanos().getValueAtPercentile(p) / 1e6;
    }

    @Test
    void aWrongBodyFailsTheCheck() {
        Checks checks = new Checks(200, "hello", null);
        LoadResult result = run(server.uri(), "/wrong", checks, new LoadModel.CountXConcurrency(10, 2), Duration.ofSeconds(2));

        assertThat(result.errors()).containsEntry(ErrorClass.CHECK, 10L).containsEntry(ErrorClass.STATUS, 0L);
    }

    @Test
    void aGoodBodyPassesTheChecks() {
        Checks checks = new Checks(200, "hello", Duration.ofSeconds(1));
        LoadResult result = run(server.uri(), "/ok", checks, new LoadModel.CountXConcurrency(10, 2), Duration.ofSeconds(2));

        assertThat(result.errorCount()).isZero();
        assertThat(result.latencyCheckFailed()).isZero();
    }

    @Test
    void responsesSlowerThanTheLatencyBoundFailTheLatencyCheck() {
        Checks checks = new Checks(200, null, Duration.ofMillis(20));
        LoadResult result = run(server.uri(), "/sleep?ms=60", checks, new LoadModel.CountXConcurrency(6, 2), Duration.ofSeconds(2));

        assertThat(result.latencyCheckFailed()).isEqualTo(6);
    }

    @Test
    void aWarmUpUntilSteadyEndsOnceTheServerIsSteadyAndSaysSo() {
        RequestSpec request = new RequestSpec("GET", "/sleep?ms=5", null, null, Duration.ofSeconds(5));
        LoadModel model = new LoadModel.MaxRate(8, Duration.ofSeconds(2));
        LoadResult result = driver.run(new LoadRun(server.uri(), request, Checks.NONE, model,
                Warmup.steady(Duration.ofSeconds(3), Duration.ofSeconds(30))), LoadListener.NONE);

        assertThat(result.steady()).isTrue();
        assertThat(result.warmedSeconds()).isBetween(3.0, 29.0);
        assertThat(result.good()).isPositive();
    }

    @Test
    void aWarmUpThatNeverSteadiesRunsToItsMaximumAndSaysSo() {
        // Every second a little slower: a latency that never settles.
        RequestSpec request = new RequestSpec("GET", "/slower?since=" + System.nanoTime(), null, null, Duration.ofSeconds(5));
        LoadModel model = new OpenRate(50, Duration.ofSeconds(1), 0);
        LoadResult result = driver.run(new LoadRun(server.uri(), request, Checks.NONE, model,
                Warmup.steady(Duration.ofSeconds(2), Duration.ofSeconds(7))), LoadListener.NONE);

        assertThat(result.steady()).isFalse();
        assertThat(result.warmedSeconds()).isGreaterThanOrEqualTo(6.9);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
