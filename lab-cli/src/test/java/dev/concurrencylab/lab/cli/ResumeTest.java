package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.load.hyperfoil.TestServer;
import dev.concurrencylab.lab.monitor.HelloServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A run killed part-way goes on with {@code ./lab resume} in its own directory: one run, its trials kept, its parts recorded. */
@Execution(ExecutionMode.CONCURRENT)
class ResumeTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aRunKilledAfterItsFirstTrialGoesOnFromTheNextKeepingWhatItWrote() throws Exception {
        HelloServer server = HelloServer.start();
        int port = server.port();
        try (ChildLab lab = ChildLab.start(tmp, """
                name: resumed
                variants:
                  - {name: users-own, url: "http://127.0.0.1:%d"}
                trials: 4
                warmup: 1s
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 100, duration: 3s}
                """.formatted(port), "run", List.of(), List.of("--cpus", "off"))) {
            lab.awaitWhileRunning(() -> !lab.trials().isEmpty(), "first trial written");
            // stopped, it holds its lock and writes no more: however long the resume beside it takes to start on a busy
            // machine, the run can neither end meanwhile nor be killed after its last trial
            assertThat(new ProcessBuilder("kill", "-STOP", Long.toString(lab.process.pid())).start().waitFor()).isZero();
            try (ChildLab beside = ChildLab.resume(tmp, lab.out, "beside.log")) {
                beside.awaitExit();
                assertThat(beside.process.exitValue()).as("a run still going is not resumed beside it: %s", beside.log()).isEqualTo(2);
                assertThat(beside.log()).contains("is in use: a lab is still running there");
            }
            lab.process.destroyForcibly().waitFor();
            Map<Path, byte[]> kept = new LinkedHashMap<>();
            for (Path trial : lab.trials()) {
                kept.put(trial, Files.readAllBytes(trial));
            }
            // four trials (not six): the run is stopped as its first is written, so at least two are left to the resume
            assertThat(kept).as("killed before its last trial").isNotEmpty().hasSizeLessThan(4);

            try (ChildLab resumed = ChildLab.resume(tmp, lab.out, "resume.log")) {
                resumed.awaitExit();
                assertThat(resumed.process.exitValue()).as("its output: %s", resumed.log()).isZero();
                assertThat(resumed.log()).contains("the plan goes on from trial " + (kept.size() + 1));

                assertThat(lab.trials()).hasSize(4);
                for (Map.Entry<Path, byte[]> e : kept.entrySet()) {
                    assertThat(Files.readAllBytes(e.getKey())).as("%s as the first part wrote it", e.getKey()).isEqualTo(e.getValue());
                }
                for (int i = 0; i < 4; i++) {
                    JsonNode trial = ResultStore.JSON.readTree(lab.trials().get(i).toFile());
                    assertThat(trial.path("number").asInt()).isEqualTo(i + 1);
                    assertThat(trial.path("repetition").asInt()).isEqualTo(i + 1);
                    assertThat(trial.path("status").asText()).isEqualTo("ok");
                }
                JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
                assertThat(run.path("status").asText()).isEqualTo("complete");
                assertThat(run.path("trialsWritten").asInt()).isEqualTo(4);
                JsonNode parts = run.path("parts");
                assertThat(parts.size()).isEqualTo(2);
                assertThat(parts.get(0).path("trialsWritten").asInt()).isEqualTo(kept.size());
                assertThat(parts.get(1).path("trialsWritten").asInt()).isEqualTo(4);
                for (JsonNode part : parts) {
                    assertThat(part.path("finished").asText()).as("each part's end: %s", part).isGreaterThan(part.path("started").asText());
                }
                assertThat(run.path("started").asText()).isEqualTo(parts.get(0).path("started").asText());
                assertThat(Files.readString(lab.out.resolve("report.md"))).contains("- **parts**: ");
            }
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * A sequential run goes on as its earlier part ran it, whatever the resuming lab's rule would have decided: here
     * the earlier part (rewritten so) stopped the first benchmark after one round, which no lab's rule does (the first
     * look is at round two), and the resume passes over its rounds instead of numbering them trials again. A run whose
     * trials do not follow the plan is refused in one line.
     */
    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aSequentialRunGoesOnWithTheStopsItsEarlierPartMadeAndOneThatIsNotThePlansIsRefused() throws Exception {
        try (TestServer fast = new TestServer(); TestServer slow = new TestServer(40);
                ChildLab lab = ChildLab.start(tmp, """
                        name: resumed-rounds
                        variants:
                          - {name: fast, url: "%s"}
                          - {name: slow, url: "%s"}
                        trials: {quick: 3}
                        warmup: 1s
                        benchmarks:
                          - {name: first, workload: delay, params: {ms: "5"}, load: {model: max-rate, workers: 2, duration: 2s}}
                          - {name: second, workload: delay, params: {ms: "5"}, load: {model: max-rate, workers: 2, duration: 2s}}
                        """.formatted(fast.uri(), slow.uri()), "run", List.of(),
                        List.of("--trials", "auto", "--noisy-above", "1000", "--cpus", "off"))) {
            // rounds run fast · first, fast · second, slow · first, slow · second: the sixth trial is round 2's fast · second
            lab.awaitWhileRunning(() -> lab.trials().size() >= 6, "six trials written");
            assertThat(new ProcessBuilder("kill", "-STOP", Long.toString(lab.process.pid())).start().waitFor()).isZero();
            lab.process.destroyForcibly().waitFor();
            Path trials = lab.out.resolve("trials");
            for (Path t : lab.trials()) {
                int number = Integer.parseInt(t.getFileName().toString().substring(0, 3));
                if (number == 5 || number > 6) {
                    Files.delete(t);
                    Files.deleteIfExists(trials.resolve(t.getFileName().toString().replace(".json", ".hlog")));
                }
            }
            renumber(trials, "006-fast-second", 5);
            Path refused = tmp.resolve("refused");
            copy(lab.out, refused);
            Files.delete(refused.resolve("trials/003-slow-first.json"));
            renumber(refused.resolve("trials"), "004-slow-second", 3);
            renumber(refused.resolve("trials"), "005-fast-second", 4);
            byte[] fifth = Files.readAllBytes(trials.resolve("005-fast-second.json"));

            try (ChildLab resumed = ChildLab.resume(tmp, lab.out, "resume.log")) {
                resumed.awaitExit();
                assertThat(resumed.process.exitValue()).as("its output: %s", resumed.log()).isZero();
                assertThat(resumed.log()).contains("first was decided after 1 round(s) in the run's earlier part; its 8 remaining trial(s) are not run")
                        .contains("the plan goes on from trial 6");
                List<JsonNode> written = new java.util.ArrayList<>();
                for (Path t : lab.trials()) {
                    written.add(ResultStore.JSON.readTree(t.toFile()));
                }
                for (int i = 0; i < written.size(); i++) {
                    assertThat(written.get(i).path("number").asInt()).isEqualTo(i + 1);
                }
                assertThat(written).filteredOn(t -> t.path("benchmark").asText().equals("first")).hasSize(2)
                        .allMatch(t -> t.path("repetition").asInt() == 1);
                assertThat(written.get(5).path("variant").asText() + " " + written.get(5).path("benchmark").asText() + " "
                        + written.get(5).path("repetition").asInt()).isEqualTo("slow second 2");
                assertThat(Files.readAllBytes(trials.resolve("005-fast-second.json"))).isEqualTo(fifth);
            }
            try (ChildLab again = ChildLab.resume(tmp, refused, "refused.log")) {
                again.awaitExit();
                assertThat(again.process.exitValue()).as("its output: %s", again.log()).isEqualTo(2);
                assertThat(again.log().strip()).doesNotContain("Exception").contains("trial 3 of the run is slow · second · trial 1, "
                        + "where this plan has slow · first · trial 1: the run was made by another plan");
                assertThat(refused.resolve("trials")).isDirectoryNotContaining("glob:**/005-*");
            }
        }
    }

    /** Gives the trial whose files begin with {@code stem} the number {@code number}, as a run that wrote it there would have. */
    private static void renumber(Path trials, String stem, int number) throws IOException {
        String to = String.format("%03d", number) + stem.substring(3);
        Path json = trials.resolve(stem + ".json");
        com.fasterxml.jackson.databind.node.ObjectNode trial = (com.fasterxml.jackson.databind.node.ObjectNode) ResultStore.JSON.readTree(json.toFile());
        trial.put("number", number);
        trial.put("histogramLog", to + ".hlog");
        ResultStore.JSON.writeValue(trials.resolve(to + ".json").toFile(), trial);
        Files.delete(json);
        Files.move(trials.resolve(stem + ".hlog"), trials.resolve(to + ".hlog"));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
