package dev.concurrencylab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A trial made of parts is written as the flat record the lab has always written. */
class TrialResultTest {

    @Test
    void aTrialWrittenBeforeThePartsReadsAndWritesBackUnchanged() throws Exception {
        JsonNode written;
        try (InputStream in = getClass().getResourceAsStream("/result/trial-written-before-the-parts.json")) {
            written = ResultStore.JSON.readTree(in);
        }

        TrialResult trial = ResultStore.JSON.treeToValue(written, TrialResult.class);

        assertThat(trial.identity().variant()).isEqualTo("mvc-platform");
        assertThat(trial.window().throughput()).isPositive();
        JsonNode rewritten = ResultStore.JSON.readTree(ResultStore.JSON.writeValueAsString(trial));
        assertThat(rewritten).isEqualTo(written);
    }

    @Test
    void aMixsRequestsAreWrittenAndReadBackBesideTheWholesFigures() throws Exception {
        TrialResult mixed = TrialResult.of(Trials.identity())
                .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), java.util.Map.of(), null))
                .window(Trials.window(1000, java.util.Map.of(), 0))
                .requests(List.of(
                        new RequestFigures("search", 80, 800, 80, 800, 800, 800, java.util.Map.of("status", 0L), 0, Trials.latency(1, 2, 3)),
                        new RequestFigures("create", 20, 200, 20, 190, 200, 190, java.util.Map.of("status", 10L), 0.05, Trials.latency(4, 5, 6))))
                .build();

        JsonNode json = ResultStore.JSON.readTree(ResultStore.JSON.writeValueAsString(mixed));

        assertThat(json.get("requests").get(1).get("name").asText()).isEqualTo("create");
        assertThat(json.get("requests").get(1).get("latency").get("p99Ms").asDouble()).isEqualTo(6);
        assertThat(ResultStore.JSON.treeToValue(json, TrialResult.class)).isEqualTo(mixed);
        assertThat(ResultStore.JSON.treeToValue(json, TrialResult.class).request("create").errorRate()).isEqualTo(0.05);
    }

    @Test
    void aTrialOfOneRequestWritesNoRequestsField() throws Exception {
        JsonNode json = ResultStore.JSON.readTree(ResultStore.JSON.writeValueAsString(Trials.ok(100, 5)));

        assertThat(json.has("requests")).isFalse();
        assertThat(ResultStore.JSON.treeToValue(json, TrialResult.class).requests()).isNull();
    }

    @Test
    void aTrialThatFailedBeforeItsLoadHasItsIdentityOutcomeAndEmptyCounts() throws Exception {
        TrialResult failed = TrialResult.of(Trials.identity())
                .outcome(TrialOutcome.failed(Flag.SERVER_DIED, "the server died", "exit 137"))
                .build();

        JsonNode json = ResultStore.JSON.readTree(ResultStore.JSON.writeValueAsString(failed));

        assertThat(keys(json)).containsExactlyInAnyOrder("number", "variant", "benchmark", "repetition", "status", "failure",
                "flags", "reasons", "serverLogTail", "warmupSeconds", "windowSeconds", "sent", "count", "answered", "throughput",
                "errors", "errorRate", "latencyCheckFailed", "blockedMillis", "series", "checks", "thresholds", "resources");
        assertThat(ResultStore.JSON.treeToValue(json, TrialResult.class)).isEqualTo(failed);
        assertThat(failed.ok()).isFalse();
    }

    @Test
    void aTrialCalledNoisyOverAWindowTooShortToMeasureItReadsWithoutTheFlag() throws Exception {
        TrialResult shortWindow = noisyOver(0.11);
        TrialResult longWindow = noisyOver(5);

        assertThat(shortWindow.outcome().flags()).containsExactly(Flag.ERRORS);
        assertThat(shortWindow.outcome().reasons()).containsOnlyKeys(Flag.ERRORS.key());
        assertThat(ResultStore.JSON.readValue(ResultStore.JSON.writeValueAsString(shortWindow), TrialResult.class).outcome().flags())
                .containsExactly(Flag.ERRORS);
        assertThat(longWindow.outcome().flags()).containsExactly(Flag.NOISY, Flag.ERRORS);
    }

    private static TrialResult noisyOver(double seconds) {
        var sample = new dev.concurrencylab.lab.usage.ResourceSample(seconds, seconds,
                java.util.Map.of(dev.concurrencylab.lab.usage.ResourceSample.OTHER_CPU, 291.0));
        var summary = dev.concurrencylab.lab.usage.ResourceSummary.of(List.of(sample), 0, 25, 1);
        return TrialResult.of(Trials.identity())
                .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(Flag.NOISY, Flag.ERRORS),
                        java.util.Map.of(Flag.NOISY.key(), "other processes used 291 % of a CPU", Flag.ERRORS.key(), "2 of 20 failed"), null))
                .window(Trials.window(1000, java.util.Map.of(), 0))
                .server(new ServerUse(List.of(sample), summary, null, null))
                .build();
    }

    @Test
    void judgingThresholdsKeepsEveryOtherPart() {
        TrialResult trial = Trials.ok(100, 5);
        List<ThresholdResult> judged = List.of(new ThresholdResult("p99 < 10ms", 5.0, true));

        TrialResult withThresholds = trial.withThresholds(judged);

        assertThat(withThresholds.judged().thresholds()).isEqualTo(judged);
        assertThat(withThresholds).usingRecursiveComparison().ignoringFields("judged").isEqualTo(trial);
    }

    private static List<String> keys(JsonNode json) {
        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
