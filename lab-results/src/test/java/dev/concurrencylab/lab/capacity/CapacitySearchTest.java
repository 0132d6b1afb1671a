package dev.concurrencylab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The search rules, on a server model whose capacity is given: under it p99 stays at 50 ms, over
 * it the queue grows and p99 with it. The real server's test is the known-capacity test.
 */
class CapacitySearchTest {

    private static final Slo SLO = new Slo(Duration.ofMillis(100), 0.001);
    private final CapacitySearch search = new CapacitySearch(10, 1.25, 10_000, 1.05, 30);

    @Test
    void risesByAQuarterThenNarrowsToABracketAroundTheCapacity() {
        CapacitySearch.Result r = search.run(SLO, capacity(40));

        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.BRACKETED);
        assertThat(r.highestPass()).isLessThanOrEqualTo(40);
        assertThat(r.lowestMiss()).isGreaterThan(40);
        assertThat(r.lowestMiss() / r.highestPass()).isLessThanOrEqualTo(1.05);
        assertThat(r.steps().subList(0, 3)).extracting(s -> s.measured().offeredRate()).containsExactly(10.0, 12.5, 15.625);
        assertThat(r.steps()).extracting(s -> s.measured().offeredRate()).contains(r.highestPass(), r.lowestMiss());
    }

    @Test
    void passingAtTheHighestRateAllowedIsALowerBoundOnly() {
        CapacitySearch.Result r = new CapacitySearch(10, 1.25, 100, 1.05, 30).run(SLO, capacity(1_000));

        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.LOWER_BOUND);
        assertThat(r.highestPass()).isEqualTo(100.0);
        assertThat(r.lowestMiss()).isNull();
    }

    @Test
    void missingAtTheFirstRateTwiceIsInvalid() {
        CapacitySearch.Result r = search.run(SLO, capacity(5));

        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.INVALID);
        assertThat(r.highestPass()).isNull();
        assertThat(r.steps()).extracting(s -> s.measured().offeredRate()).containsExactly(10.0, 10.0);
    }

    @Test
    void aMissThatDoesNotRepeatDoesNotEndTheRise() {
        // One bad second at 15.6 req/s, the first time only; the server is good for 40.
        boolean[] hiccup = {true};
        DoubleFunction<Slo.Step> server = capacity(40);
        CapacitySearch.Result r = search.run(SLO, rate -> {
            if (rate > 15 && rate < 16 && hiccup[0]) {
                hiccup[0] = false;
                return new Slo.Step(rate, rate, 20, 310, 0, 0, false, 354);
            }
            return server.apply(rate);
        });

        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.BRACKETED);
        assertThat(r.highestPass()).isGreaterThan(30);
        assertThat(r.steps()).extracting(s -> s.measured().offeredRate()).containsSequence(15.625, 15.625, 19.53125);
    }

    @Test
    void aMissWhereTheDriverWasTheLimitSaysNothingAboutTheServer() {
        CapacitySearch.Result r = search.run(SLO, rate -> rate > 20
                ? new Slo.Step(rate, 20, 5, 50, 0, 0, true) : new Slo.Step(rate, rate, 5, 50, 0, 0, false));

        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.GENERATOR_LIMITED);
        assertThat(r.steps().getLast().misses()).contains("generator-limited");
    }

    @Test
    void theStepLimitEndsTheNarrowingWithWhatWasRun() {
        CapacitySearch.Result r = new CapacitySearch(10, 1.25, 10_000, 1.001, 9).run(SLO, capacity(40));

        assertThat(r.steps()).hasSize(9);
        assertThat(r.outcome()).isEqualTo(CapacitySearch.Outcome.BRACKETED);
    }

    @Test
    void theObjectiveSaysEveryReasonAStepMissedIt() {
        Slo.Step bad = new Slo.Step(100, 90, 40, 180, 0.02, 3, true);

        assertThat(SLO.misses(bad)).containsExactly("generator-limited", "p99 180.0 ms > 100 ms", "errors 2.00 % > 0.10 %", "3 failed checks");
        assertThat(SLO.misses(new Slo.Step(100, 90, 40, 180, 0.02, 3, false))).contains("served 90.0 of 100.0 req/s offered");
        assertThat(SLO.misses(new Slo.Step(100, 100, 40, 99, 0, 0, false))).isEmpty();
    }

    @Test
    void aStepServedBelowItsOfferedRateMissesTheObjectiveWhateverItsP99() {
        // 2,034 offered to a server of 2,000: a 5 s window kept the queue's p99 under the bound, but the queue only grows.
        assertThat(SLO.misses(new Slo.Step(2_034, 2_000, 150, 90, 0, 0, false))).containsExactly("served 2000.0 of 2034.0 req/s offered");
        assertThat(SLO.misses(new Slo.Step(2_000, 1_990, 101, 90, 0, 0, false))).isEmpty();
    }

    @Test
    void aStepWhoseArrivalsWereNotAllSentMissesTheObjectiveWhateverItsP99() {
        // The driver ran out of sessions: 2 % of the arrivals were never sent, so the 99th percentile of those sent says little.
        Slo.Step unsent = new Slo.Step(100, 100, 40, 60, 0, 0, false, 60, 1, 0.02);

        assertThat(SLO.misses(unsent)).containsExactly("2.00 % of arrivals never sent (p99 a lower bound)");
        assertThat(SLO.misses(new Slo.Step(100, 100, 40, 60, 0, 0, false, 60, 1, 0.0005))).isEmpty();
    }

    @Test
    void nonsenseSearchSettingsAreRefused() {
        assertThatThrownBy(() -> new CapacitySearch(10, 1.0, 100, 1.05, 10)).hasMessageContaining("growth > 1");
    }

    /** Meets the objective up to {@code capacity} requests per second, misses it above. */
    private static DoubleFunction<Slo.Step> capacity(double capacity) {
        return rate -> rate <= capacity
                ? new Slo.Step(rate, rate, 20, 50, 0, 0, false)
                : new Slo.Step(rate, capacity, 400, 2_000, 0, 0, false);
    }
}
