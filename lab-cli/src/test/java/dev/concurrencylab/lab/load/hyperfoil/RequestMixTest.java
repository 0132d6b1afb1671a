package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestLoad;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** A weighted mix of named requests against real servers on loopback: its shares, and its figures per request. */
@Isolated
class RequestMixTest {

    private final HyperfoilDriver driver = new HyperfoilDriver(1);

    private static NamedRequest named(String name, int weight, String path, Checks checks) {
        return new NamedRequest(name, weight, new RequestSpec("GET", path, null, null, Duration.ofSeconds(5)), checks);
    }

    private static RequestSpec searchAndCreate() {
        return RequestSpec.mixed(List.of(named("search", 80, "/search", new Checks(200, "Hello", null)),
                named("create", 20, "/create", new Checks(200, null, null))));
    }

    private static Map<String, RequestLoad> byName(LoadResult result) {
        return result.requests().stream().collect(Collectors.toMap(RequestLoad::name, Function.identity()));
    }

    /** Each request's share of those sent, and of those the server received, is its weight within one percentage point. */
    private static void assertSharesHold(LoadResult result, MicroServer server) {
        Map<String, RequestLoad> requests = byName(result);
        assertThat(result.sent()).isGreaterThanOrEqualTo(20_000);
        assertThat(requests.get("search").sent() + requests.get("create").sent()).isEqualTo(result.sent());
        assertThat(100.0 * requests.get("search").sent() / result.sent()).isCloseTo(80, within(1.0));
        assertThat(100.0 * requests.get("create").sent() / result.sent()).isCloseTo(20, within(1.0));
        long reached = server.byPath.get("/search").sum() + server.byPath.get("/create").sum();
        assertThat(100.0 * server.byPath.get("/search").sum() / reached).isCloseTo(80, within(1.0));
    }

    @Test
    void anOpenRateMixKeepsItsWeightsOverTwentyThousandRequests() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadModel model = new OpenRate(8_000, Duration.ofSeconds(3), 800, 0);
            LoadResult result = driver.run(new LoadRun(server.uri(), searchAndCreate(), Checks.NONE, model, Warmup.NONE), LoadListener.NONE);

            assertSharesHold(result, server);
            Map<String, RequestLoad> requests = byName(result);
            assertThat(requests.get("search").good() + requests.get("create").good()).isEqualTo(result.good());
            assertThat(requests.get("search").latencyNanos().getValueAtPercentile(99)).isPositive();
            assertThat(result.checks()).extracting(c -> c.name())
                    .containsExactly("search: status is 200", "search: body contains Hello", "create: status is 200");
        }
    }

    @Test
    void aClosedTimedMixKeepsItsWeightsOverTwentyThousandRequests() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadModel model = new LoadModel.MaxRate(16, Duration.ofSeconds(4));
            // A first run compiles driver and server, which share this JVM, so the measured one reaches 20,000 on a busy machine.
            driver.run(new LoadRun(server.uri(), searchAndCreate(), Checks.NONE, model, Warmup.NONE), LoadListener.NONE);
            server.byPath.clear();
            LoadResult result = driver.run(new LoadRun(server.uri(), searchAndCreate(), Checks.NONE, model, Warmup.NONE), LoadListener.NONE);

            assertSharesHold(result, server);
        }
    }

    @Test
    void aClosedRampKeepsItsWeightsThoughOneRequestIsTwentyTimesSlower() throws Exception {
        try (TestServer server = new TestServer()) {
            RequestSpec mix = RequestSpec.mixed(List.of(named("fast", 80, "/ok", Checks.NONE), named("slow", 20, "/sleep?ms=20", Checks.NONE)));
            LoadModel model = new LoadModel.ClosedStages(List.of(new LoadModel.Stage(Duration.ofSeconds(1), 8),
                    new LoadModel.Stage(Duration.ofSeconds(2), 8)));
            LoadResult result = driver.run(new LoadRun(server.uri(), mix, Checks.NONE, model, Warmup.fixed(Duration.ofSeconds(1))),
                    LoadListener.NONE);

            // Users split 80/20 between the two would send the fast request about 80 times as often as the slow one, not 4 times.
            Map<String, RequestLoad> requests = byName(result);
            assertThat(result.sent()).isGreaterThan(500);
            assertThat(100.0 * requests.get("slow").sent() / result.sent()).isCloseTo(20, within(1.0));
            assertThat(requests.get("slow").latencyNanos().getValueAtPercentile(50) / 1e6).isGreaterThan(19);
            assertThat(requests.get("fast").latencyNanos().getValueAtPercentile(50) / 1e6).isLessThan(19);
        }
    }

    @Test
    void aFailingRequestsErrorsAreItsOwnAndTheWholesToo() throws Exception {
        try (TestServer server = new TestServer()) {
            RequestSpec mix = RequestSpec.mixed(List.of(named("ok", 3, "/ok", new Checks(200, null, null)),
                    named("broken", 1, "/fail", Checks.NONE)));
            LoadResult result = driver.run(new LoadRun(server.uri(), mix, Checks.NONE, new LoadModel.CountXConcurrency(400, 4),
                    Warmup.NONE), LoadListener.NONE);

            Map<String, RequestLoad> requests = byName(result);
            assertThat(requests.get("broken").errors().get(ErrorClass.STATUS)).isEqualTo(100);
            assertThat(requests.get("broken").good()).isZero();
            assertThat(requests.get("ok").errorCount()).isZero();
            assertThat(requests.get("ok").good()).isEqualTo(300);
            assertThat(result.errors().get(ErrorClass.STATUS)).isEqualTo(100);
        }
    }

    @Test
    void aCountedMixSendsEachUsersRequestsInTheWeightsExactly() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = driver.run(new LoadRun(server.uri(), searchAndCreate(), Checks.NONE, new LoadModel.UsersXRequests(10, 50),
                    Warmup.NONE), LoadListener.NONE);

            Map<String, RequestLoad> requests = byName(result);
            assertThat(result.sent()).isEqualTo(500);
            assertThat(requests.get("search").sent()).isEqualTo(400);
            assertThat(requests.get("create").sent()).isEqualTo(100);
            assertThat(server.byPath.get("/create").sum()).isEqualTo(100);
        }
    }

    @Test
    void aBurstMixSplitsItsCountByWeight() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = driver.run(new LoadRun(server.uri(), searchAndCreate(), Checks.NONE, new LoadModel.Burst(50),
                    Warmup.NONE), LoadListener.NONE);

            assertThat(byName(result).get("search").sent()).isEqualTo(40);
            assertThat(byName(result).get("create").good()).isEqualTo(10);
        }
    }

}
