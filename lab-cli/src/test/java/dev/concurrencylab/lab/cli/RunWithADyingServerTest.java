package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * One real run, as a user runs it, whose server is killed in the middle of the first trial: the
 * run must fail that trial quickly, go on, and report the numbers and the flag it measured.
 */
@Isolated
class RunWithADyingServerTest {

    @TempDir
    static Path tmp;
    private static ChildLab lab;
    private static double secondsToFailedTrial;

    @BeforeAll
    static void runAndKillTheFirstServer() throws Exception {
        lab = ChildLab.run(tmp, """
                name: dying-server
                variants: [mvc-platform]
                trials: 2
                warmup: 4s
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 50, duration: 5s}
                """);
        secondsToFailedTrial = lab.killDuringFirstTrial(2, p -> p.info().commandLine().orElse("").contains("sut-mvc.jar"));
        lab.awaitExit();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void theTrialWhoseServerDiedFailsWithoutWaitingOutItsWindowWithTheServersLog() throws Exception {
        // killed a second into its 4 s warm-up, the trial had 8 s to go: a bound well short of that and well above what a
        // busy machine adds to noticing the death
        assertThat(secondsToFailedTrial).as("seconds from the kill to the failed trial's record").isLessThan(5.0);
        JsonNode first = trial(0);
        assertThat(first.path("status").asText()).isEqualTo("failed");
        assertThat(first.path("failure").asText()).contains("died");
        assertThat(first.path("flags").toString()).contains("server-died");
        assertThat(first.path("serverLogTail").asText()).isNotBlank();
    }

    @Test
    void theRunGoesOnWithAFreshServerAndExitsOneForTheFailedTrial() throws Exception {
        assertThat(lab.trials()).as("its output: %s", lab.log()).hasSize(2);
        assertThat(trial(1).path("status").asText()).isEqualTo("ok");
        assertThat(lab.process.exitValue()).as("a failed trial makes the run exit 1, so CI can gate on it").isEqualTo(1);
    }

    @Test
    void theMarkdownReportShowsTheMeasuredNumbersAndTheFlag() throws Exception {
        String row = Files.readString(lab.out.resolve("report.md")).lines()
                .filter(l -> l.startsWith("| mvc-platform |")).findFirst().orElseThrow();
        JsonNode ok = trial(1);
        List<String> cells = List.of(row.split("\\|")).stream().map(String::strip).toList();

        // A latency of a trial whose driver left arrivals unsent is a lower bound, printed "≥" (CI saw it at a load of ~15)
        String latency = ok.path("delivery").path("behind").asLong() > 0 ? "≥ " : "";
        assertThat(cells).contains("1 of 2 ok",
                Numbers.format(ok.path("throughput").asDouble()),
                latency + Numbers.format(ok.path("latency").path("p50Ms").asDouble()),
                latency + Numbers.format(ok.path("latency").path("p99Ms").asDouble()));
        assertThat(cells.get(cells.size() - 1)).contains("server-died");
        assertThat(lab.out.resolve("charts/hello-throughput-bars.png")).isNotEmptyFile();
    }

    @Test
    void theHtmlReportOpensInHeadlessChromiumWithEveryChartDrawnAndNoErrors() throws Exception {
        Path html = lab.out.resolve("report.html");
        Process chromium = new ProcessBuilder(chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                "--virtual-time-budget=5000", "--dump-dom", html.toUri().toString())
                .redirectError(tmp.resolve("chromium.log").toFile()).start();
        String dom = new String(chromium.getInputStream().readAllBytes());
        assertThat(chromium.waitFor(60, TimeUnit.SECONDS)).isTrue();

        Matcher drawn = Pattern.compile("data-charts-drawn=\"(\\d+)\"").matcher(dom);
        Matcher total = Pattern.compile("data-charts=\"(\\d+)\"").matcher(dom);
        assertThat(drawn.find()).as("the page's script ran to its end; chromium said: %s", Files.readString(tmp.resolve("chromium.log"))).isTrue();
        assertThat(total.find()).isTrue();
        assertThat(Integer.parseInt(drawn.group(1))).isGreaterThanOrEqualTo(4).isEqualTo(Integer.parseInt(total.group(1)));
        assertThat(dom).doesNotContain("data-errors");
        // the row's flag cell lists every flag of its trials: on a busy machine noisy and generator-limited come first
        assertThat(dom).containsPattern("<td class=\"flag\">⚑ [^<]*\\bserver-died\\b");
    }

    private static String chromium() {
        for (String path : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (Files.isExecutable(Path.of(path))) {
                return path;
            }
        }
        throw new AssertionError("Chromium is not installed; ./lab test installs it (apt-get install chromium)");
    }

    private static JsonNode trial(int index) throws Exception {
        return ResultStore.JSON.readTree(lab.trials().get(index).toFile());
    }
}
