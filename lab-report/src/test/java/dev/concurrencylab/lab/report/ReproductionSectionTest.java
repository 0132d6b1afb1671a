package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.Published;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.Figure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproductionSectionTest {

    private static final Path PUBLISHED = Path.of("..").toAbsolutePath().normalize().resolve("suites").resolve(Published.FOLDER);

    @TempDir
    Path tmp;

    @Test
    void everyPublishedFigureIsOneTheReportKnows() throws IOException {
        try (Stream<Path> files = Files.list(PUBLISHED)) {
            for (Path file : files.toList()) {
                Published p = Published.read(file);
                p.figures().forEach(v -> assertThat(Figure.byKey(v.figure())).as(file.getFileName() + ": " + v.figure()).isNotNull());
            }
        }
    }

    @Test
    void aRunWithPublishedFiguresReportsEachClaimWithItsVerdictAndKeepsTheirFiguresApart() throws IOException {
        // webflux at about 1.4× mvc-platform's throughput in both trials: E0's claim holds.
        String md = report(trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400), trial(3, "mvc-platform", 1010), trial(4, "webflux", 1390));

        assertThat(md).contains("## Reproduction of E0", "| throughput | webflux on posts over mvc-platform on posts | 1.40× (6,099 / 4,370) |");
        assertThat(md).containsPattern("\\| 1\\.\\d\\d× \\(1\\.\\d\\d×–1\\.\\d\\d×\\) \\| reproduced \\|");
        assertThat(md).contains("As published (their hardware and tools; context only, not compared)");
        // p95 was not measured in these trials: said, not guessed.
        assertThat(md).contains("no verdict: not measured on both sides in this run");
    }

    @Test
    void aSideWithMoreErrorsThanTheSuiteAllowsGetsTheComparisonsNoVerdictInTheirWords() throws IOException {
        String md = report(trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400), trial(3, "mvc-platform", 1010),
                trial(4, "webflux", 1390).replace("\"errors\": {}", "\"errors\": {\"reset\": 500}"));

        assertThat(md).contains("- webflux — failures near the bar, undecided: 1.79 % of requests failed (0–3.60 % by trial) against 0 %")
                .contains("| 1.39× (1.35×–1.43×) | failures near the bar, undecided: 1.79 % of requests failed (0–3.60 % by trial) against 0 % "
                        + "of requests failed (0 % by trial; within the 1 % bar, 95 % upper bound 0 %) for mvc-platform on posts; "
                        + "latency and throughput are not compared |");
    }

    @Test
    void oneTrialGivesARatioButNoVerdict() throws IOException {
        Path dir = run(trial(1, "mvc-platform", 1000), trial(2, "webflux", 2000));

        Report.render(dir);

        assertThat(Files.readString(dir.resolve("report.md"))).contains("2.00× (no interval)",
                "| no verdict: 1 and 1 trial(s) give no interval; it takes at least 2 trials of each");
    }

    @Test
    void aClaimOnASideInconsistentAcrossLaunchesIsReadOnTheIntervalByRanksAsTheComparisonIs() throws IOException {
        // mvc-platform ran in two modes, 1,000 and 2,000 req/s: the comparison goes by ranks, which three trials a
        // side cannot bound, so the claim is inconclusive, though Welch's pooled interval would call 1.40× reproduced.
        String md = report(trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400), trial(3, "mvc-platform", 1010),
                trial(4, "webflux", 1410), trial(5, "mvc-platform", 2000), trial(6, "webflux", 1390));

        String reason = "mvc-platform is inconsistent across launches: its throughput fell in two groups, 1,000–1,010 and 2,000 req/s";
        assertThat(md).contains("- webflux — throughput: undecided against mvc-platform (" + reason + "; 3 and 3 trials cannot bound")
                .contains("| throughput | webflux on posts over mvc-platform on posts | 1.40× (6,099 / 4,370) | 1.39× (too wide to tell) "
                        + "| inconclusive |");
    }

    @Test
    void aChangeBelowTheMinimumEffectIsUndecidedHereAsInTheComparisonsNotTheSameDirection() throws IOException {
        // 4 % higher, beyond the trials' spread but below the suite's 5 %: no claim of a difference either way.
        String md = report(trial(1, "mvc-platform", 1000), trial(2, "webflux", 1030), trial(3, "mvc-platform", 1010),
                trial(4, "webflux", 1060), trial(5, "mvc-platform", 990), trial(6, "webflux", 1035));

        assertThat(md).containsPattern("- webflux — throughput: undecided against mvc-platform \\(ratio 1\\.04, 95 % CI 1\\.0[1-9]–1\\.0[6-9]")
                .containsPattern("\\| throughput \\| webflux on posts over mvc-platform on posts \\| 1\\.40× \\(6,099 / 4,370\\) \\| "
                        + "1\\.04× \\([^|]*\\) \\| undecided against mvc-platform on posts \\(ratio 1\\.04")
                .doesNotContain("same direction, different size |");
    }

    @Test
    void anIntervalWhoseEndsAreOverAHundredfoldApartIsSaidToBeTooWideInsteadOfPrinted() throws IOException {
        // Each variant's trials a decade apart, on no two levels (each gap as wide as the whole range): an interval
        // from about 1/10,000× to 10,000× says nothing, whatever its ends.
        String md = report(trial(1, "mvc-platform", 10), trial(2, "webflux", 14), trial(3, "mvc-platform", 100),
                trial(4, "webflux", 140), trial(5, "mvc-platform", 1000), trial(6, "webflux", 1400));

        assertThat(md).contains("| 1.40× (too wide to tell) | inconclusive |")
                .contains("- webflux — throughput: undecided against mvc-platform (ratio 1.40, 95 % CI too wide to tell;");
    }

    @Test
    void theFindingsShowTheClaimsOfTheRunThatMeasuredMostOfThemWithIntervalsEachVerdictWithoutItsEvidence() throws IOException {
        Path once = run(tmp.resolve("one-a-side"), trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400));
        Files.writeString(once.resolve("run.json"), Files.readString(once.resolve("run.json")).replace("\"quick\"", "\"full\""));
        Path twice = run(tmp.resolve("two-a-side"), trial(1, "mvc-platform", 1000), trial(2, "webflux", 1400), trial(3, "mvc-platform", 1010),
                trial(4, "webflux", 1390).replace("\"errors\": {}", "\"errors\": {\"reset\": 500}"));

        String md = Findings.render(List.of(once, twice));
        String claims = md.substring(md.indexOf("## The originals' claims beside ours"), md.indexOf("## The runs"));

        assertThat(claims).contains("**E0** (").contains("#reproduction-of-e0), quick,")
                .as("the run with intervals speaks, though the other ran at full").doesNotContain(", full,")
                .contains("| throughput | webflux on posts over mvc-platform on posts | 1.40× (6,099 / 4,370) | 1.39× (1.35×–1.43×) "
                        + "| failures near the bar, undecided |")
                .doesNotContain("latency and throughput are not compared");
    }

    @Test
    void aPairedRunsClaimIsReadOnTheComparisonsIntervalNotOnItsSlicesAsTrials() throws IOException {
        // 3 blocks of 3 cycles: the host's level moves by cycle, webflux at 1.4× mvc-platform in each, the base's
        // two launches a little apart; slices read as independent trials would give another interval, or none.
        double[] host = {1.0, 0.8, 1.1};
        double[] wobble = {1.01, 0.98, 1.0};
        List<String> slices = new java.util.ArrayList<>();
        for (int b = 1; b <= 3; b++) {
            for (int c = 1; c <= 3; c++) {
                double level = 1000 * host[c - 1];
                slices.add(slice(slices.size() + 1, "mvc-platform", b, c, 1, level));
                slices.add(slice(slices.size() + 1, "mvc-platform", b, c, 2, level * wobble[b - 1]));
                slices.add(slice(slices.size() + 1, "webflux", b, c, 1, 1.4 * level / wobble[(b + 1) % 3]));
            }
        }

        String md = report(slices.toArray(String[]::new));

        java.util.regex.Matcher line = java.util.regex.Pattern.compile("- webflux — throughput: [^(]*\\(ratio (\\d\\.\\d\\d), 95 % CI "
                + "(\\d\\.\\d\\d)–(\\d\\.\\d\\d); 3 block").matcher(md);
        assertThat(line.find()).as("the comparison's paired line in %s", md).isTrue();
        assertThat(md).contains("| throughput | webflux on posts over mvc-platform on posts | 1.40× (6,099 / 4,370) | %s× (%s×–%s×) | reproduced |"
                .formatted(line.group(1), line.group(2), line.group(3)));
    }

    /** The report of a run of these trials, rendered from its directory. */
    private String report(String... trials) throws IOException {
        Path dir = run(trials);
        Report.render(dir);
        return Files.readString(dir.resolve("report.md"));
    }

    private Path run(String... trials) throws IOException {
        return run(tmp, trials);
    }

    private Path run(Path parent, String... trials) throws IOException {
        Path dir = ResultsDirectory.write(parent, "e0-posts", List.of("mvc-platform", "webflux"), trials);
        Files.copy(PUBLISHED.resolve("e0-posts.yaml"), dir.resolve(RunResults.PUBLISHED_FILE));
        return dir;
    }

    /** A slice of a paired block, the cycle's three in their numbers' order: {@code copy} 2 is the base's second launch. */
    private static String slice(int number, String variant, int block, int cycle, int copy, double throughput) {
        return trial(number, variant, throughput).replace("\"repetition\": 1,", "\"repetition\": %d, \"slice\": {\"block\": %d, \"cycle\": %d, \"position\": %d, \"copy\": %d},"
                .formatted(block, block, cycle, (number - 1) % 3 + 1, copy));
    }

    private static String trial(int number, String variant, double throughput) {
        return """
                {"number": %d, "variant": "%s", "benchmark": "posts", "workload": "posts-read", "repetition": 1,
                 "status": "ok", "windowSeconds": 10.0, "sent": %d, "count": %d, "throughput": %s,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": 9, "meanMs": 6}, "flags": [], "series": [], "resources": []}
                """.formatted(number, variant, (long) (throughput * 10), (long) (throughput * 10), throughput);
    }
}
