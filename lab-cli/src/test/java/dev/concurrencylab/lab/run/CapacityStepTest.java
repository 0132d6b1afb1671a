package dev.concurrencylab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.capacity.CapacitySearch;
import dev.concurrencylab.lab.capacity.Slo;
import dev.concurrencylab.lab.result.Trials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A capacity step's trial read against the objective: who was the limit decides whether the server missed. */
class CapacityStepTest {

    @ParameterizedTest
    @ValueSource(strings = {"generator-limited", "driver-saturated", "driver-out-of-files", "driver-out-of-ports"})
    void aStepTheDriverLimitedIsTheDriversMissNotTheServers(String flag) {
        // 200 of 400 req/s served at a p99 within the bound: read as the server's, that is a queue growing, a miss brackets its capacity
        Slo.Step step = CapacityRunner.asStep(400, Trials.ok(200, 20, flag), 1);

        assertThat(step.generatorLimited()).isTrue();
        assertThat(Slo.DEFAULT.misses(step)).containsExactly("generator-limited");
        CapacitySearch.Result result = new CapacitySearch(400, 1.25, 10_000, 1.05, 4).run(Slo.DEFAULT, rate -> step);
        assertThat(result.outcome()).isEqualTo(CapacitySearch.Outcome.GENERATOR_LIMITED);
    }

    @Test
    void aStepTheServerLimitedIsItsOwnMiss() {
        Slo.Step step = CapacityRunner.asStep(400, Trials.ok(200, 20, "overloaded"), 1);

        assertThat(step.generatorLimited()).isFalse();
        assertThat(Slo.DEFAULT.misses(step)).containsExactly("served 200.0 of 400.0 req/s offered");
    }
}
