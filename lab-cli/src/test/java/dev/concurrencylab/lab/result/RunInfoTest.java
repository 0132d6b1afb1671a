package dev.concurrencylab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's description made of parts is written as the flat run.json the lab has always written. */
class RunInfoTest {

    @Test
    void aRunJsonWrittenBeforeThePartsReadsAndWritesBackUnchanged() throws Exception {
        JsonNode written;
        try (InputStream in = getClass().getResourceAsStream("/result/run-written-before-the-parts.json")) {
            written = ResultStore.JSON.readTree(in);
        }

        RunInfo run = ResultStore.JSON.treeToValue(written, RunInfo.class);

        assertThat(run.definition().suite()).isEqualTo("quick");
        assertThat(run.rules().thresholdOutcomes()).hasSize(1);
        assertThat(ResultStore.JSON.readTree(ResultStore.JSON.writeValueAsString(run))).isEqualTo(written);
    }

    @Test
    void aRunJsonOfSchemaOneReadsWithEmptyRules() throws Exception {
        RunInfo run = ResultStore.JSON.readValue("""
                {"suite": "e0-posts", "scale": "quick", "status": "complete"}
                """, RunInfo.class);

        assertThat(run.schemaVersion()).isEqualTo(1);
        assertThat(run.rules().thresholds()).isEmpty();
        assertThat(run.rules().minEffectPercent()).isNull();
    }

    @Test
    void movingOnChangesOnlyTheProgress() {
        RunInfo starting = RunInfo.starting(new RunDefinition("quick", "quick", 2, "fixed: 2 trial(s) of each", "./lab run quick", "suites/quick.yaml", "", 12),
                new RunPlatform(Map.of(), Map.of(), "4.0.7", "abc", null, Map.of(), null), new RunRules(5.0, 1.0, List.of(), List.of()));

        RunInfo running = starting.with(starting.progress().with(Map.of("postgresql", "15"), "running", 3));

        assertThat(running.progress().status()).isEqualTo("running");
        assertThat(running.progress().started()).isEqualTo(starting.progress().started());
        assertThat(running).usingRecursiveComparison().ignoringFields("progress").isEqualTo(starting);
    }
}
