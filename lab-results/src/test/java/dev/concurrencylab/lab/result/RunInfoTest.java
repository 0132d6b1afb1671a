package dev.concurrencylab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.time.Duration;
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

    @Test
    void aResumedRunsWallTimeIsItsPartsWithoutThePauseBetweenThem() {
        RunInfo killed = RunInfo.starting(new RunDefinition("e3", "full", 5, "fixed: 5 trial(s) of each", "./lab run e3", "e3.yaml", "", 105),
                new RunPlatform(Map.of("cpuModel", "Intel Xeon", "kernel", "6.18"), Map.of(), "4.0.7", "aaaaaaa1", null, Map.of(), null),
                new RunRules(5.0, 1.0, List.of(), List.of()));
        killed = killed.with(new RunProgress("2026-11-25T23:00:00Z", null, "running", 0, Map.of(), null));

        RunInfo resumed = killed.resumed("2026-11-26T00:30:00Z", 40,
                new RunPlatform(Map.of("cpuModel", "AMD EPYC", "kernel", "6.18"), Map.of(), "4.0.7", "bbbbbbb2", null, Map.of(), null));
        RunProgress ended = new RunProgress(resumed.progress().started(), null, "complete", 105, Map.of(),
                List.of(resumed.progress().parts().get(0), new RunPart("2026-11-27T10:00:00Z", null, 40, "bbbbbbb2", "AMD EPYC", "6.18")))
                .finishedAt("2026-11-27T11:00:00Z");

        assertThat(resumed.progress().parts()).extracting(RunPart::gitCommit, RunPart::cpuModel, RunPart::trialsWritten)
                .containsExactly(tuple("aaaaaaa1", "Intel Xeon", 40), tuple("bbbbbbb2", "AMD EPYC", 40));
        assertThat(resumed.progress().status()).isEqualTo("running");
        assertThat(resumed.progress().wallTime()).as("the running part has no end yet").isEmpty();
        assertThat(ended.parts().getLast().finished()).isEqualTo("2026-11-27T11:00:00Z");
        assertThat(ended.parts().getLast().trialsWritten()).isEqualTo(105);
        assertThat(ended.wallTime()).contains(Duration.ofMinutes(150));
    }

    @Test
    void aRunResumedAgainKeepsItsPartsAndClosesTheOneTheKillLeftOpen() {
        RunProgress twice = new RunProgress("2026-11-25T23:00:00Z", null, "running", 50, Map.of(), List.of(
                new RunPart("2026-11-25T23:00:00Z", "2026-11-25T23:30:00Z", 20, "a", "x", "k"),
                new RunPart("2026-11-26T08:00:00Z", null, 20, "a", "x", "k")));
        RunInfo run = new RunInfo(2, null, twice, new RunPlatform(Map.of(), Map.of(), "4.0.7", "a", null, Map.of(), null), null);

        RunProgress third = run.resumed("2026-11-26T08:45:00Z", 50, run.platform()).progress();

        assertThat(third.parts()).hasSize(3);
        assertThat(third.parts().get(1).finished()).isEqualTo("2026-11-26T08:45:00Z");
        assertThat(third.parts().get(1).trialsWritten()).isEqualTo(50);
        assertThat(third.parts().get(0).finished()).isEqualTo("2026-11-25T23:30:00Z");
    }

    @Test
    void aRunMadeInOneGoHasNoPartsAndItsWallTimeIsStartToEnd() {
        RunProgress once = new RunProgress("2026-11-25T23:00:00Z", "2026-11-25T23:10:30Z", "complete", 12, Map.of(), null);

        assertThat(once.wallTime()).contains(Duration.ofSeconds(630));
        assertThat(ResultStore.JSON.valueToTree(once).has("parts")).isFalse();
    }
}
