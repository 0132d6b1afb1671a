package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.monitor.HelloServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/** The command a run records runs the same thing again: every option that changes what runs is in it. */
@Execution(ExecutionMode.CONCURRENT)
class RerunLineTest {

    @TempDir
    Path tmp;

    @Test
    void aLimitedRunsRecordedLineParsesToTheOptionsItRanWith() throws Exception {
        HelloServer server = HelloServer.start();
        int port = server.port();
        List<String> limits = List.of("--benchmarks", "hello", "--variants", "users-own", "--noisy-above", "40", "--allow-remote-target",
                "--cpus", "off", "--no-cds", "--trials", "1");
        try (ChildLab lab = ChildLab.start(tmp, """
                name: rerun
                variants:
                  - {name: users-own, url: "http://127.0.0.1:%d"}
                warmup: 1s
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 100, duration: 1s}
                  - {name: other, workload: hello, load: {model: open-rate, rate: 100, duration: 1s}}
                """.formatted(port), "run", List.of(), limits)) {
            lab.awaitExit();
            String recorded = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile()).path("command").asText();

            List<String> asRun = new ArrayList<>(List.of("run", tmp.resolve("suite.yaml").toString(), "--out", lab.out.toString()));
            asRun.addAll(limits);
            assertThat(recorded).startsWith("./lab run ").doesNotContain("--out");
            assertThat(whatRuns(RerunLine.words(recorded.substring("./lab ".length())))).isEqualTo(whatRuns(asRun));
            assertThat(lab.trials()).as("only the benchmark asked for ran").hasSize(1);
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Every option of the parsed subcommand but {@code --out}, with its value, and the suite. */
    private static Map<String, Object> whatRuns(List<String> args) {
        ParseResult parsed = new CommandLine(new Lab()).parseArgs(args.toArray(String[]::new)).subcommand();
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("suite", parsed.matchedPositionals().getFirst().getValue());
        for (OptionSpec o : parsed.commandSpec().options()) {
            if (!o.longestName().equals("--out")) {
                values.put(o.longestName(), o.getValue());
            }
        }
        return values;
    }

    @Test
    void aSuiteFileGivenByARelativePathIsRecordedAbsoluteSoTheLineRunsFromAnyFolder() throws Exception {
        Path file = java.nio.file.Files.writeString(tmp.resolve("own.yaml"), "name: own\n");
        String relative = Path.of("").toAbsolutePath().relativize(file).toString();

        String recorded = RerunLine.of(new CommandLine(new Lab()).parseArgs("run", relative).subcommand());
        String named = RerunLine.of(new CommandLine(new Lab()).parseArgs("run", "quick").subcommand());

        assertThat(RerunLine.words(recorded).get(2)).isEqualTo(file.toAbsolutePath().normalize().toString());
        assertThat(RerunLine.words(named).get(2)).as("a suite from suites/ stays a name").isEqualTo("quick");
    }

    @Test
    void aRecordedLinesWordsAreReadBackAsTheShellReadsThem() {
        assertThat(RerunLine.words("./lab run '/tmp/my suite.yaml' --variants a,b --out 'it'\\''s'  --jfr"))
                .containsExactly("./lab", "run", "/tmp/my suite.yaml", "--variants", "a,b", "--out", "it's", "--jfr");
    }
}
