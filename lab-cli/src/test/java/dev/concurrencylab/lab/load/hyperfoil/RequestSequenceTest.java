package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A sequence against a real server that records, per session (the {@code {session}} its requests
 * carry), the order its requests arrived in and whether one arrived before the one before it was answered.
 */
@Isolated
class RequestSequenceTest {

    private static final List<String> STEPS = List.of("/list", "/view", "/redirect");

    private final HyperfoilDriver driver = new HyperfoilDriver(1);

    /** list → view (answered after 5 ms, so a step sent early would overlap it) → edit, a form's POST answered 302. */
    private static RequestSpec listViewEdit() {
        Duration timeout = Duration.ofSeconds(5);
        return RequestSpec.sequence(List.of(
                new NamedRequest("list", 1, new RequestSpec("GET", "/list?session={session}", null, null, timeout), new Checks(200, null, null)),
                new NamedRequest("view", 1, new RequestSpec("GET", "/view?session={session}&ms=5", null, null, timeout), Checks.NONE),
                new NamedRequest("edit", 1, new RequestSpec("POST", "/redirect?session={session}", "name=A", "application/x-www-form-urlencoded",
                        timeout), new Checks(302, null, null))));
    }

    private LoadResult run(MicroServer server, LoadModel model) {
        return driver.run(new LoadRun(server.uri(), listViewEdit(), Checks.NONE, model, Warmup.NONE), LoadListener.NONE);
    }

    /** Every session sent its steps in order, each after the answer to the one before; returns how many completed the sequence. */
    private static long assertInOrder(MicroServer server) {
        assertThat(server.bySession).isNotEmpty();
        server.bySession.values().forEach(paths -> assertThat(STEPS).startsWith(paths.toArray(String[]::new)));
        assertThat(server.overlapping).hasValue(0);
        return server.bySession.values().stream().filter(paths -> paths.equals(STEPS)).count();
    }

    @Test
    void eachSessionOfACountedModelSendsItsStepsInOrderAsOftenAsItsUserRunsTheSequence() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, new LoadModel.UsersXRequests(4, 5));

            assertThat(assertInOrder(server)).isEqualTo(20);
            assertThat(server.bySession).hasSize(20);
            assertThat(result.sent()).isEqualTo(60);
            assertThat(result.requests()).extracting(RequestLoad::name).containsExactly("list", "view", "edit");
            assertThat(result.requests()).allSatisfy(r -> assertThat(r.good()).isEqualTo(20));
            assertThat(result.errorCount()).isZero();
        }
    }

    @Test
    void anOpenModelStartsSessionsAtItsRateAndEachRunsTheWholeSequence() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, new OpenRate(200, Duration.ofSeconds(2), 400, 0));

            long complete = assertInOrder(server);
            RequestLoad list = result.requests().getFirst();
            // Each arrival is one session, not one request: its list step is sent at the rate (a third of it
            // were every step an arrival), the others follow it. Short of the rate only on a starved machine.
            assertThat(list.sent()).isBetween(200L, 402L);
            assertThat(complete).isEqualTo(server.bySession.size()).isEqualTo(list.sent());
            assertThat(result.requests().getLast().good()).isEqualTo(list.sent());
            assertThat(result.errors().get(ErrorClass.STATUS)).isZero();
        }
    }

    @Test
    void anOpenSessionsFirstStepIsTimedFromItsArrivalAndItsLaterStepsFromWhenTheyWereSent() throws Exception {
        try (MicroServer server = new MicroServer()) {
            Duration timeout = Duration.ofSeconds(5);
            // One session for 100 arrivals a second, each holding it 20 ms: arrivals queue, and their wait is the first step's latency.
            RequestSpec sequence = RequestSpec.sequence(List.of(
                    new NamedRequest("slow", 1, new RequestSpec("GET", "/slow?session={session}&ms=20", null, null, timeout), Checks.NONE),
                    new NamedRequest("fast", 1, new RequestSpec("GET", "/fast?session={session}", null, null, timeout), Checks.NONE)));
            LoadResult result = driver.run(new LoadRun(server.uri(), sequence, Checks.NONE, new OpenRate(100, Duration.ofSeconds(2), 1, 0),
                    Warmup.NONE), LoadListener.NONE);

            assertThat(result.requests().getFirst().latencyNanos().getValueAtPercentile(50) / 1e6).isGreaterThan(100);
            assertThat(result.requests().getLast().latencyNanos().getValueAtPercentile(50) / 1e6).isLessThan(15);
        }
    }

    @Test
    void aClosedModelsUsersRunTheSequenceOverAndOverInOrder() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, new LoadModel.MaxRate(8, Duration.ofSeconds(2)));

            long complete = assertInOrder(server);
            assertThat(complete).isGreaterThan(100);
            assertThat(result.requests().get(1).sent()).isBetween(complete, complete + 8);
        }
    }

    @Test
    void aBurstStartsItsCountOfSessionsAtOnceAndEachFinishesItsSequence() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, new LoadModel.Burst(30));

            assertThat(assertInOrder(server)).isEqualTo(30);
            assertThat(result.good()).isEqualTo(90);
        }
    }
}
