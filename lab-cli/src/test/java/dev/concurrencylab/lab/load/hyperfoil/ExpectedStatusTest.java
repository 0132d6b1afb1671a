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

/** A status the suite expects, such as the 302 that answers a form's POST, is a good answer; any other is a status error. */
@Isolated
class ExpectedStatusTest {

    private final HyperfoilDriver driver = new HyperfoilDriver(1);

    private static RequestSpec get(String path) {
        return new RequestSpec("GET", path, null, null, Duration.ofSeconds(5));
    }

    private LoadResult run(MicroServer server, RequestSpec request, Checks checks, LoadModel model) {
        return driver.run(new LoadRun(server.uri(), request, checks, model, Warmup.NONE), LoadListener.NONE);
    }

    @Test
    void anExpected302IsAGoodAnswerAndIsNotFollowed() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, get("/redirect"), new Checks(302, null, null), new LoadModel.CountXConcurrency(40, 4));

            assertThat(result.good()).isEqualTo(40);
            assertThat(result.errorCount()).isZero();
            assertThat(result.checks().getFirst().passes()).isEqualTo(40);
            assertThat(server.byPath).containsOnlyKeys("/redirect");
        }
    }

    @Test
    void aRedirectNobodyExpectedIsStillAStatusError() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, get("/redirect"), Checks.NONE, new LoadModel.CountXConcurrency(40, 4));

            assertThat(result.good()).isZero();
            assertThat(result.errors()).containsEntry(ErrorClass.STATUS, 40L).containsEntry(ErrorClass.CHECK, 0L);
        }
    }

    @Test
    void aRedirectOtherThanTheOneExpectedIsAStatusError() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, get("/redirect?status=302"), new Checks(303, null, null), new LoadModel.UsersXRequests(2, 10));

            assertThat(result.errors()).containsEntry(ErrorClass.STATUS, 20L).containsEntry(ErrorClass.CHECK, 0L);
            assertThat(result.checks().getFirst().fails()).isEqualTo(20);
        }
    }

    @Test
    void anOpenModelCountsAnExpected303AsGood() throws Exception {
        try (MicroServer server = new MicroServer()) {
            LoadResult result = run(server, get("/redirect?status=303"), new Checks(303, null, null),
                    new OpenRate(200, Duration.ofSeconds(1), 50, 0));

            assertThat(result.sent()).isPositive();
            assertThat(result.good()).isEqualTo(result.sent());
            assertThat(result.errors().get(ErrorClass.STATUS)).isZero();
        }
    }

    @Test
    void aMixJudgesEachRequestsStatusByItsOwnExpectation() throws Exception {
        try (MicroServer server = new MicroServer()) {
            RequestSpec mix = RequestSpec.mixed(List.of(
                    new NamedRequest("search", 3, get("/hello"), new Checks(200, null, null)),
                    new NamedRequest("create", 1, new RequestSpec("POST", "/redirect", "lastName=B", "application/x-www-form-urlencoded",
                            Duration.ofSeconds(5)), new Checks(302, null, null)),
                    new NamedRequest("stray", 1, get("/redirect"), Checks.NONE)));
            LoadResult result = run(server, mix, Checks.NONE, new LoadModel.UsersXRequests(5, 20));

            RequestLoad create = result.requests().get(1);
            RequestLoad stray = result.requests().get(2);
            assertThat(create.good()).isEqualTo(create.sent()).isEqualTo(20);
            assertThat(create.errorCount()).isZero();
            assertThat(stray.errors()).containsEntry(ErrorClass.STATUS, 20L);
            assertThat(result.errors()).containsEntry(ErrorClass.STATUS, 20L);
            assertThat(result.good()).isEqualTo(80);
        }
    }
}
