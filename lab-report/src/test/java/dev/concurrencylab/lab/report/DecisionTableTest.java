package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Trials;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The decision table at the top of the findings, checked against the trial files it was rendered from. */
class DecisionTableTest {

    @TempDir
    Path tmp;

    @Test
    void everyRatioInTheTableIsTheGeometricMeanRatioOfTheTrialFilesItLinksTo() throws IOException {
        Path standard = run("e0-posts-standard", "standard", "2026-11-20T10:00:00Z", new double[] {1000, 1040, 980}, new double[] {1500, 1530, 1480},
                new double[] {990, 1010, 1000});
        Path full = run("e0-posts-full", "full", "2026-11-21T10:00:00Z", new double[] {2000, 2100, 1950}, new double[] {1300, 1350, 1290},
                new double[] {2900, 3000, 3100});

        String md = Findings.render(List.of(standard, full));
        String answer = answer(md);

        assertThat(md.lines().limit(60).toList()).as("the answer within the first 60 lines").anyMatch(l -> l.startsWith("| a database read |"));
        Pattern cell = Pattern.compile("\\[[✓✗=?≠] ([0-9.]+)× \\(([0-9.]+)–([0-9.]+)\\)\\]\\(runs/([^/]+)/report\\.md#([^)]+)\\)");
        List<String> rows = answer.lines().filter(l -> l.startsWith("| a database read |")).toList();
        assertThat(rows).hasSize(2);
        int checked = 0;
        for (String row : rows) {
            String[] cells = row.split("\\|");
            String variant = cells[2].trim();
            for (int column = 0; column < 2; column++) {
                Matcher m = cell.matcher(cells[3 + column]);
                assertThat(m.find()).as("a ratio with its interval and link: %s", cells[3 + column]).isTrue();
                assertThat(m.group(4)).as("the full run answers: the largest scale").isEqualTo("e0-posts-full");
                Path dir = tmp.resolve(m.group(4));
                String field = column == 0 ? "/throughput" : "/latency/p99Ms";
                double expected = geometricMean(dir, variant, m.group(5), field) / geometricMean(dir, "mvc-platform", m.group(5), field);
                assertThat(Double.parseDouble(m.group(1))).as("%s %s from the trial files", variant, field)
                        .isCloseTo(expected, org.assertj.core.data.Offset.offset(0.005));
                assertThat(Double.parseDouble(m.group(2))).isLessThanOrEqualTo(Double.parseDouble(m.group(1)));
                checked++;
            }
        }
        assertThat(checked).isEqualTo(4);
        ChartSpec chart = DecisionTable.chart(List.of(standard, full).stream().map(RunResults::read).toList());
        assertThat(chart.categories()).containsExactly("database read");
        assertThat(chart.series().get(1).name()).isEqualTo("webflux");
        assertThat(chart.series().get(1).points().getFirst()[0]).as("the chart's dot is the table's ratio").isCloseTo(1.49, org.assertj.core.data.Offset.offset(0.005));
        assertThat(answer).contains("[✓ 1.49× (").contains("webflux better on throughput 1.49× and p99 0.67× than mvc-platform").contains("mvc-virtual worse on throughput 0.65×");
        assertThat(answer).contains("No answer yet, no kept run measured it: a database read, 200 users at once; plain answers, no I/O;");
    }

    @Test
    void quickRunsAreSmokeAndAnswerNothing() throws IOException {
        Path quick = run("e0-posts-quick", "quick", "2026-11-22T10:00:00Z", new double[] {1000, 1040, 980}, new double[] {1500, 1530, 1480},
                new double[] {990, 1010, 1000});

        String md = Findings.render(List.of(quick));

        assertThat(md).doesNotContain("| a database read |").contains("No answer yet, no kept run measured it: a database read;");
    }

    @Test
    void aRunOfOneLaunchASideAnswersNothingWhileARunWithIntervalsCan() throws IOException {
        Path standard = run("e0-posts-standard", "standard", "2026-11-20T10:00:00Z", new double[] {1000, 1040, 980}, new double[] {1500, 1530, 1480},
                new double[] {990, 1010, 1000});
        Path full = run("e0-posts-full", "full", "2026-11-21T10:00:00Z", new double[] {2000}, new double[] {1300}, new double[] {2900});

        String md = Findings.render(List.of(standard, full));
        String answer = answer(md);

        assertThat(answer.lines().filter(l -> l.startsWith("| a database read |")))
                .hasSize(2).allMatch(l -> l.contains("runs/e0-posts-standard/") && !l.contains("runs/e0-posts-full/"));
    }

    @Test
    void aPairedRunAnswersItsKindOfWorkBeforeAFreshRunOfALargerScaleAndItsAaLineStandsBesideTheAnswer() throws IOException {
        Path fresh = freshRun("e4-cpu-io-standard", "e4-cpu-io", "standard", "2026-11-22T10:00:00Z", "cpu");
        Path paired = pairedRun("steady-cpu-io-quick", "quick", "2026-11-21T10:00:00Z", "cpu");

        String answer = answer(Findings.render(List.of(fresh, paired)));

        assertThat(answer.lines().filter(l -> l.startsWith("| CPU-bound work |")))
                .as("the paired run answers, though quick, older, and beside a fresh run at standard").hasSize(2)
                .allMatch(l -> l.contains("(runs/steady-cpu-io-quick/report.md#cpu)") && !l.contains("runs/e4-cpu-io-standard/"))
                .allMatch(l -> l.contains("[throughput = 1.00× (") && l.contains("quick, AMD EPYC, 2 CPUs"));
        assertThat(answer).contains("mvc-virtual better on throughput 1.20×");
    }

    @Test
    void amongPairedRunsTheLargestScaleAnswersAndAFreshRunAnswersNothingBesideThem() throws IOException {
        Path fresh = freshRun("e4-cpu-io-full", "e4-cpu-io", "full", "2026-11-24T10:00:00Z", "io");
        Path quick = pairedRun("steady-cpu-io-quick", "quick", "2026-11-23T10:00:00Z", "io");
        Path standard = pairedRun("steady-cpu-io-standard", "standard", "2026-11-22T10:00:00Z", "io");

        String answer = answer(Findings.render(List.of(fresh, quick, standard)));

        assertThat(answer.lines().filter(l -> l.startsWith("| waiting on I/O |"))).hasSize(2)
                .allMatch(l -> l.contains("(runs/steady-cpu-io-standard/report.md#io)"));
    }

    @Test
    void aFreshRunSaysItHasNoAaLine() throws IOException {
        Path fresh = freshRun("e4-cpu-io-standard", "e4-cpu-io", "standard", "2026-11-22T10:00:00Z", "cpu");

        String answer = answer(Findings.render(List.of(fresh)));

        assertThat(answer.lines().filter(l -> l.startsWith("| CPU-bound work |"))).hasSize(2)
                .allMatch(l -> l.contains("| fresh design, no A/A line | [e4-cpu-io-standard](runs/e4-cpu-io-standard/report.md), standard, AMD EPYC, 2 CPUs |"));
    }

    private static String answer(String md) {
        int start = md.indexOf("## The answer first");
        return md.substring(start, md.indexOf("\n## ", start));
    }

    /**
     * A run of a fresh design: three trials each of mvc-platform at 1,000 req/s, mvc-virtual at 1,200 and webflux at 900,
     * each on a server of its own.
     */
    private Path freshRun(String name, String suite, String scale, String started, String benchmark) throws IOException {
        List<TrialResult> trials = new ArrayList<>();
        int number = 0;
        for (int i = 0; i < 3; i++) {
            trials.add(Trials.onServer(++number, "mvc-platform", benchmark, 1000 + 10 * i, null));
            trials.add(Trials.onServer(++number, "mvc-virtual", benchmark, 1200 + 10 * i, null));
            trials.add(Trials.onServer(++number, "webflux", benchmark, 900 + 10 * i, null));
        }
        return written(name, suite, scale, started, trials);
    }

    /** A paired run of steady-cpu-io: mvc-platform's two launches at one level, mvc-virtual at 1.2× it and webflux at 0.9×. */
    private Path pairedRun(String name, String scale, String started, String benchmark) throws IOException {
        return written(name, "steady-cpu-io", scale, started, Trials.blocks(benchmark, "mvc-platform", 1, "mvc-virtual", "webflux"));
    }

    private Path written(String name, String suite, String scale, String started, List<TrialResult> trials) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("trials"));
        try (InputStream in = getClass().getResourceAsStream("/result/run-written-before-the-parts.json")) {
            ObjectNode run = (ObjectNode) ResultStore.JSON.readTree(in);
            run.put("suite", suite).put("scale", scale).put("started", started)
                    .put("finished", java.time.Instant.parse(started).plusSeconds(720).toString())
                    .put("trialsPlanned", trials.size()).put("trialsWritten", trials.size());
            run.remove("thresholdOutcomes");
            ResultStore.JSON.writeValue(tmp.resolve(name).resolve("run.json").toFile(), run);
        }
        for (int i = 0; i < trials.size(); i++) {
            ResultStore.JSON.writeValue(dir.resolve(String.format(Locale.ROOT, "%03d.json", i + 1)).toFile(), trials.get(i));
        }
        return tmp.resolve(name);
    }

    /** The geometric mean of a field over a variant's trial files of one benchmark, read as plain JSON. */
    private static double geometricMean(Path dir, String variant, String benchmark, String field) throws IOException {
        List<Double> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve("trials"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                JsonNode t = ResultStore.JSON.readTree(f.toFile());
                if (t.path("variant").asText().equals(variant) && t.path("benchmark").asText().equals(benchmark)) {
                    logs.add(Math.log(t.at(field).asDouble()));
                }
            }
        }
        assertThat(logs).as("%s's %s trials in %s", variant, benchmark, dir).hasSize(3);
        return Math.exp(logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
    }

    @Test
    void aBaseThatFailsNearTheBarIsNotCalledBothFailing() throws IOException {
        // E4's io at standard: mvc-virtual and webflux lost nothing, mvc-platform 2.9 % (0-8.7 % by trial).
        Path dir = run("e0-posts-standard", "standard", "2026-11-20T10:00:00Z", new double[] {1000, 1040, 980}, new double[] {1500, 1530, 1480},
                new double[] {990, 1010, 1000}, new long[] {0, 0, 900});

        String answer = Findings.render(List.of(dir));
        answer = answer(answer);

        assertThat(answer).contains("? near the bar").doesNotContain("both fail")
                .contains("mvc-virtual not told apart from mvc-platform on failures, one side near the bar");
    }

    private Path run(String name, String scale, String started, double[] platform, double[] virtual, double[] webflux) throws IOException {
        return run(name, scale, started, platform, virtual, webflux, new long[platform.length]);
    }

    /**
     * A kept run of E0's posts: as many trials each (one per value) of mvc-platform, mvc-virtual and webflux, by throughput; p99 falls as
     * throughput rises; mvc-platform's trials reset {@code platformResets} requests each besides their answers.
     */
    private Path run(String name, String scale, String started, double[] platform, double[] virtual, double[] webflux, long[] platformResets)
            throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("trials"));
        try (InputStream in = getClass().getResourceAsStream("/result/run-written-before-the-parts.json")) {
            ObjectNode run = (ObjectNode) ResultStore.JSON.readTree(in);
            run.put("suite", "e0-posts").put("scale", scale).put("trialsPerVariant", platform.length).put("started", started)
                    .put("finished", java.time.Instant.parse(started).plusSeconds(720).toString()).put("trialsPlanned", 3 * platform.length)
                    .put("trialsWritten", 3 * platform.length);
            run.remove("thresholdOutcomes");
            ObjectNode flags = run.putObject("jvmFlags");
            List.of("mvc-platform", "mvc-virtual", "webflux").forEach(v -> flags.putArray(v));
            ResultStore.JSON.writeValue(tmp.resolve(name).resolve("run.json").toFile(), run);
        }
        int number = 0;
        for (int i = 0; i < platform.length; i++) {
            for (String variant : List.of("mvc-platform", "mvc-virtual", "webflux")) {
                double throughput = (variant.equals("mvc-platform") ? platform : variant.equals("mvc-virtual") ? virtual : webflux)[i];
                long resets = variant.equals("mvc-platform") ? platformResets[i] : 0;
                number++;
                Files.writeString(dir.resolve(String.format(Locale.ROOT, "%03d-%s-posts.json", number, variant)), """
                        {"number": %d, "variant": "%s", "benchmark": "posts", "workload": "posts", "repetition": %d, "status": "ok",
                         "warmupSeconds": 20, "steady": true, "windowSeconds": 10, "sent": %d, "answered": %d, "count": %d,
                         "throughput": %s, "errors": {"reset": %d}, "errorRate": %s, "latency": {"minMs": 1, "meanMs": 5, "p50Ms": 4,
                         "p90Ms": 8, "p95Ms": 9, "p99Ms": %s, "p999Ms": 30, "maxMs": 40, "stdDevMs": 2}}
                        """.formatted(number, variant, i + 1, (long) throughput * 10 + resets, (long) throughput * 10, (long) throughput * 10,
                        throughput, resets, (double) resets / ((long) throughput * 10 + resets), 20_000_000.0 / throughput / 1000));
            }
        }
        return tmp.resolve(name);
    }
}
