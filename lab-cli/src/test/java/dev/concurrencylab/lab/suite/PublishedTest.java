package dev.concurrencylab.lab.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.result.Published;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The originals' published figures as data, and the full-scale plans held to what the originals ran. */
class PublishedTest {

    private final Catalog catalog = Catalog.load(SuiteLoaderTest.HOME);
    private final SuiteLoader loader = new SuiteLoader(catalog);

    @TempDir
    Path tmp;

    @Test
    void everyExperimentSuiteHasItsPublishedFigures() {
        List<String> experiments = catalog.suiteNames().stream().filter(n -> n.matches("e[0-4]-.*")).toList();

        assertThat(experiments).hasSize(5);
        for (String suite : experiments) {
            assertThat(Published.forSuite(catalog.suitesDir(), suite)).as(suite).isPresent();
        }
    }

    /** A drift between a suite at full scale and what its original ran fails here, naming both. */
    @Test
    void atFullScaleEverySuiteRunsWhatItsOriginalRan() throws IOException {
        published().forEach((name, published) -> {
            Suite suite = loader.load(name);
            assertThat(published.runs()).as(name).isNotEmpty();
            for (Published.Run run : published.runs()) {
                Benchmark benchmark = suite.benchmarks().stream().filter(b -> b.name().equals(run.benchmark())).findFirst()
                        .orElseThrow(() -> new AssertionError(name + " has no benchmark " + run.benchmark()));
                assertThat(benchmark.load().at(Scale.FULL)).as(name + " " + run.benchmark()).isEqualTo(run.load());
                run.params().forEach((key, value) -> assertThat(benchmark.request(Scale.FULL).path())
                        .as(name + " " + run.benchmark() + " " + key).contains(key + "=" + value));
            }
        });
    }

    @Test
    void everyClaimComparesFiguresOfBenchmarksTheSuiteRuns() throws IOException {
        published().forEach((name, published) -> {
            Suite suite = loader.load(name);
            List<String> benchmarks = suite.benchmarks().stream().map(Benchmark::name).toList();
            List<String> variants = suite.variants().stream().map(Variant::name).toList();
            for (Published.Claim claim : published.comparisons()) {
                for (Published.Side side : List.of(claim.of(), claim.over())) {
                    assertThat(benchmarks).as(name + ": " + side).contains(side.benchmark());
                    assertThat(variants).as(name + ": " + side).contains(side.variant());
                }
                assertThat(published.ratio(claim)).as(name + ": " + claim).isPositive().isFinite();
            }
        });
    }

    /** Every published file, by the suite it belongs to. */
    private Map<String, Published> published() throws IOException {
        Map<String, Published> all = new TreeMap<>();
        try (Stream<Path> files = Files.list(catalog.suitesDir().resolve(Published.FOLDER))) {
            files.forEach(f -> all.put(f.getFileName().toString().replace(".yaml", ""), Published.read(f)));
        }
        return all;
    }

    @Test
    void aClaimWithoutItsPublishedFiguresIsOneClearLine() throws IOException {
        Path file = Files.writeString(tmp.resolve("e9.yaml"), """
                experiment: E9
                title: t
                tool: ab
                hardware: unknown
                figures:
                  - {benchmark: b, variant: mvc-platform, figure: throughput, value: 100}
                comparisons:
                  - {figure: throughput, of: {variant: webflux, benchmark: b}, over: {variant: mvc-platform, benchmark: b}}
                """);

        assertThatThrownBy(() -> Published.read(file)).isInstanceOf(SuiteException.class)
                .hasMessageContaining("needs a published throughput for webflux on b")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aPublishedRatioIsTheQuotientOfItsPublishedFigures() {
        Published e0 = Published.forSuite(catalog.suitesDir(), "e0-posts").orElseThrow();
        Published.Claim throughput = e0.comparisons().getFirst();

        assertThat(e0.ratio(throughput)).isCloseTo(6099.0 / 4370.0, org.assertj.core.api.Assertions.within(1e-9));
    }
}
