package dev.concurrencylab.lab.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.load.RequestSpec;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A workload's {@code sequence:} as the suite file gives it: named steps in order, each with its checks. */
class SequenceSuiteTest {

    private final SuiteLoader loader = new SuiteLoader(Catalog.load(SuiteLoaderTest.HOME));

    private static final String SEQUENCE = """
            name: visit
            variants: [mvc-platform]
            thresholds: ["p95{request:edit} < 300ms"]
            benchmarks:
              - workload: owner-visit
                load: {quick: {model: open-rate, rate: 20, duration: 5s}}
            workloads:
              owner-visit:
                params: {id: "7"}
                checks: {status: 200}
                sequence:
                  - {name: list, request: {path: "/owners?lastName="}, checks: {status: 200, body-contains: Owners}}
                  - {name: view, request: {path: "/owners/${id}?user={session}"}}
                  - {name: edit, checks: {status: 302},
                     request: {method: POST, path: "/owners/${id}/edit", body: "lastName=B", content-type: application/x-www-form-urlencoded}}
            """;

    @Test
    void aWorkloadMaySendNamedStepsInOrderEachWithItsParamsAndChecks() {
        Suite suite = loader.parse("visit.yaml", SEQUENCE);

        RequestSpec request = suite.benchmarks().getFirst().request(Scale.QUICK);
        assertThat(request.sequence()).isTrue();
        assertThat(request.mix()).extracting(r -> r.name() + ":" + r.weight()).containsExactly("list:1", "view:1", "edit:1");
        assertThat(request.mix().get(1).request().path()).isEqualTo("/owners/7?user={session}");
        assertThat(request.mix().get(1).checks().status()).as("the workload's checks where the step gives none").isEqualTo(200);
        assertThat(request.mix().get(2).checks().status()).isEqualTo(302);
        assertThat(request.mix().get(2).request().method()).isEqualTo("POST");
        assertThat(suite.rules().thresholds().getFirst().request()).as("a threshold may name a step").isEqualTo("edit");
    }

    /** Each mistake as the text it replaces in the suite, where the error points, and what it says. */
    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of("{name: view,", "{name: view, weight: 2,", "visit.yaml:13: ", "unknown key 'weight'"),
                Arguments.of("name: view", "name: list", "visit.yaml:13: ", "names request 'list' twice"),
                Arguments.of("    sequence:", "    mix: []\n    sequence:", "visit.yaml:", "needs exactly one of request"),
                Arguments.of("    load: {quick", "    checks: {status: 201}\n    load: {quick", "visit.yaml:",
                        "is a sequence: give each of its requests its checks"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void aSequencesMistakesAreRefusedWithTheirLine(String text, String mistake, String at, String message) {
        assertThatThrownBy(() -> loader.parse("visit.yaml", SEQUENCE.replace(text, mistake)))
                .hasMessageStartingWith(at).hasMessageContaining(message);
    }

    @Test
    void aCapacitySearchRefusesASequenceWhoseRateIsOfSessions() {
        String capacity = SEQUENCE.replace("benchmarks:", "capacity: {start-rate: 10, slo: {p99: 250ms}}\nbenchmarks:");

        assertThatThrownBy(() -> loader.parse("visit.yaml", capacity))
                .hasMessageStartingWith("visit.yaml:").hasMessageContaining("a capacity suite's first benchmark cannot be a sequence");
    }
}
