package dev.concurrencylab.lab.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.OpenRate;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SuiteLoaderTest {

    /** The repository root, where suites/ lives (tests run in lab-cli/). */
    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    private final SuiteLoader loader = new SuiteLoader(Catalog.load(HOME));

    private static final String VALID = """
            name: t
            variants: [mvc-platform, webflux]
            trials: {quick: 2, full: 5}
            warmup: 3s
            benchmarks:
              - workload: delay
                params: {ms: "20"}
                load:
                  quick: {model: open-rate, rate: 100, duration: 5s}
                  full: {model: max-rate, workers: 8, duration: 1m}
            """;

    @Test
    void everySuiteInTheRepositoryLoads() {
        for (String name : Catalog.load(HOME).suiteNames()) {
            assertThat(loader.load(name).benchmarks()).as(name).isNotEmpty();
        }
    }

    @Test
    void aScaleLeftOutTakesTheNextSmallerOne() {
        Suite suite = loader.parse("t.yaml", VALID);

        assertThat(suite.trials().at(Scale.STANDARD)).isEqualTo(2);
        assertThat(suite.trials().at(Scale.FULL)).isEqualTo(5);
        assertThat(suite.benchmarks().getFirst().load().at(Scale.STANDARD)).isEqualTo(new OpenRate(100, Duration.ofSeconds(5), 100));
        assertThat(suite.benchmarks().getFirst().request(Scale.FULL).path()).isEqualTo("/delay?ms=20");
    }

    @Test
    void verdictRulesAndThresholdsAreReadFromTheSuite() {
        Suite suite = loader.parse("t.yaml", """
                name: t
                variants: [webflux]
                min-effect: 10%
                max-error-rate: 0.5%
                thresholds: [p95 < 0.5s, error-rate < 1%, checks >= 99.9%, throughput > 1000]
                benchmarks:
                  - workload: hello
                    load: {model: burst, count: 1}
                """);

        assertThat(suite.rules().minEffect()).isEqualTo(0.10);
        assertThat(suite.rules().maxErrorRate()).isEqualTo(0.005);
        assertThat(suite.rules().thresholds()).extracting(t -> t.metric() + " " + t.operator() + " " + t.limit())
                .containsExactly("p95 < 500.0", "error-rate < 1.0", "checks >= 99.9", "throughput > 1000.0");
    }

    @Test
    void aParameterMayDifferByScale() {
        Suite suite = loader.parse("t.yaml", """
                name: t
                variants: [webflux]
                benchmarks:
                  - workload: delay
                    params: {ms: {quick: "20", full: "3000"}}
                    load: {model: burst, count: 1}
                """);

        assertThat(suite.benchmarks().getFirst().request(Scale.QUICK).path()).isEqualTo("/delay?ms=20");
        assertThat(suite.benchmarks().getFirst().request(Scale.STANDARD).path()).isEqualTo("/delay?ms=20");
        assertThat(suite.benchmarks().getFirst().request(Scale.FULL).path()).isEqualTo("/delay?ms=3000");
    }

    @Test
    void aClosedSweepRunsAsOneMaxRateBenchmarkPerLevel() {
        Suite suite = loader.parse("t.yaml", """
                name: t
                variants: [webflux]
                benchmarks:
                  - name: posts
                    workload: posts-read
                    load:
                      quick: {model: closed-sweep, users: [10, 50], duration: 5s}
                      full: {model: closed-sweep, users: [10, 50], duration: 30s}
                """);

        assertThat(suite.benchmarks()).extracting(Benchmark::name).containsExactly("posts-10-users", "posts-50-users");
        assertThat(suite.benchmarks().get(1).load().at(Scale.QUICK)).isEqualTo(new LoadModel.MaxRate(50, Duration.ofSeconds(5)));
        assertThat(suite.benchmarks().get(1).load().at(Scale.FULL)).isEqualTo(new LoadModel.MaxRate(50, Duration.ofSeconds(30)));
    }

    @Test
    void aPairedClosedSweepPairsEachOfItsLevels() {
        Suite suite = loader.parse("t.yaml", """
                name: t
                variants: [webflux]
                benchmarks:
                  - name: posts
                    workload: posts-read
                    design: paired
                    load: {model: closed-sweep, users: [10, 50], duration: 5s}
                """);

        assertThat(suite.benchmarks()).extracting(Benchmark::design).containsExactly(Design.PAIRED, Design.PAIRED);
        assertThat(suite.benchmarks().get(1).load().at(Scale.QUICK).sliced(Duration.ofSeconds(3)))
                .contains(new LoadModel.MaxRate(50, Duration.ofSeconds(3)));
    }

    @Test
    void aPairedCountedJobIsItsOwnSliceAndABurstCannotBePaired() {
        Suite suite = loader.parse("t.yaml", """
                name: t
                variants: [webflux]
                benchmarks:
                  - name: pool
                    workload: async-handoff
                    design: paired
                    load: {model: count-x-concurrency, count: 20, concurrency: 2}
                """);

        assertThat(suite.benchmarks().getFirst().design()).isEqualTo(Design.PAIRED);
        assertThat(suite.benchmarks().getFirst().load().at(Scale.QUICK).sliced(Duration.ofSeconds(3)))
                .contains(new LoadModel.CountXConcurrency(20, 2));
        assertThatThrownBy(() -> loader.parse("t.yaml", """
                name: t
                variants: [webflux]
                benchmarks:
                  - {name: burst, workload: hello, design: paired, load: {model: burst, count: 20}}
                """)).hasMessageContaining("t.yaml:4").hasMessageContaining("a ramp or a burst");
    }

    @Test
    void theMachinesPaceIsTimedOnlyWhereABenchmarkOrTheRunAsksForIt() {
        Suite suite = loader.parse("t.yaml", VALID);
        Suite paced = loader.parse("t.yaml", VALID.replace("  - workload: delay", "  - workload: delay\n    pace: true"));

        assertThat(suite.benchmarks().getFirst().paced()).isFalse();
        assertThat(paced.benchmarks().getFirst().paced()).isTrue();
        assertThat(suite.withPace().benchmarks()).allSatisfy(b -> assertThat(b.paced()).isTrue());
    }

    @Test
    void aSuiteSharesNoLaunchUnlessItSaysSo() {
        assertThat(loader.parse("t.yaml", VALID).launch()).isEqualTo(Launch.PER_TRIAL);
        assertThat(loader.parse("t.yaml", VALID.replace("warmup: 3s", "warmup: 3s\nlaunch: per-round")).launch()).isEqualTo(Launch.PER_ROUND);
    }

    @Test
    void aSuiteDefinesItsOwnWorkloadsBesideTheCatalogs() {
        Suite suite = loader.parse("owners.yaml", """
                name: owners
                variants: [mvc-platform]
                workloads:
                  owners:
                    description: a team's own endpoint
                    request: {method: POST, path: "/owners?lastName=${name}", body: "{}"}
                    services: []
                    params: {name: Davis}
                benchmarks:
                  - workload: owners
                    load: {quick: {model: max-rate, workers: 4, duration: 5s}}
                  - workload: hello
                    load: {quick: {model: max-rate, workers: 4, duration: 5s}}
                """);

        Benchmark owners = suite.benchmarks().getFirst();
        assertThat(owners.workload()).isEqualTo("owners");
        assertThat(owners.request().at(Scale.QUICK).method()).isEqualTo("POST");
        assertThat(owners.request().at(Scale.QUICK).path()).isEqualTo("/owners?lastName=Davis");
        assertThat(owners.services()).as("services: [] asks for none").isEmpty();
        assertThat(suite.benchmarks().get(1).workload()).as("the catalog's still there").isEqualTo("hello");
    }

    private static final String MIX = """
            name: mix
            variants: [mvc-platform]
            thresholds: ["p95{request:search} < 200ms"]
            workloads:
              owners-mix:
                params: {name: Davis}
                checks: {status: 200}
                mix:
                  - {name: search, weight: 80, request: {method: GET, path: "/owners?lastName=${name}"}, checks: {status: 200, body-contains: Owners}}
                  - {name: create, weight: 20, request: {method: POST, path: /owners/new, body: "lastName=${name}", content-type: application/x-www-form-urlencoded}}
            benchmarks:
              - workload: owners-mix
                load: {quick: {model: open-rate, rate: 100, duration: 5s}}
            """;

    @Test
    void aWorkloadMayMixNamedRequestsEachWithItsWeightParamsAndChecks() {
        Suite suite = loader.parse("mix.yaml", MIX);

        var mix = suite.benchmarks().getFirst().request(Scale.QUICK).mix();
        assertThat(mix).extracting(r -> r.name() + ":" + r.weight()).containsExactly("search:80", "create:20");
        assertThat(mix.get(0).request().path()).isEqualTo("/owners?lastName=Davis");
        assertThat(mix.get(0).checks().bodyContains()).isEqualTo("Owners");
        assertThat(mix.get(1).request().method()).isEqualTo("POST");
        assertThat(mix.get(1).request().body()).isEqualTo("lastName=Davis");
        assertThat(mix.get(1).request().contentType()).isEqualTo("application/x-www-form-urlencoded");
        assertThat(mix.get(1).checks().status()).as("the workload's checks where the request gives none").isEqualTo(200);
        assertThat(suite.rules().thresholds().getFirst().request()).isEqualTo("search");
    }

    @Test
    void aMixsMistakesAreRefusedWithTheirLine() {
        assertThatThrownBy(() -> loader.parse("mix.yaml", MIX.replace("weight: 20", "weight: 0")))
                .hasMessageStartingWith("mix.yaml:10: ").hasMessageContaining("needs a weight of at least 1");
        assertThatThrownBy(() -> loader.parse("mix.yaml", MIX.replace("weight: 20", "wieght: 20")))
                .hasMessageStartingWith("mix.yaml:10: ").hasMessageContaining("unknown key 'wieght'");
        assertThatThrownBy(() -> loader.parse("mix.yaml", MIX.replace("name: create", "name: search")))
                .hasMessageStartingWith("mix.yaml:10: ").hasMessageContaining("names request 'search' twice");
        assertThatThrownBy(() -> loader.parse("mix.yaml", MIX.replace("    mix:", "    request: {path: /x}\n    mix:")))
                .hasMessageStartingWith("mix.yaml:").hasMessageContaining("needs exactly one of request");
        assertThatThrownBy(() -> loader.parse("mix.yaml", MIX.replace("request:search", "request:serch")))
                .hasMessageContaining("names request 'serch', which no benchmark's mix or sequence sends; the requests named: create, search");
        assertThatThrownBy(() -> loader.parse("mix.yaml", MIX.replace("    load: {quick", "    checks: {status: 201}\n    load: {quick")))
                .hasMessageStartingWith("mix.yaml:").hasMessageContaining("give each of its requests its checks");
    }

    @Test
    void aJarWithItsOwnDataWantsNoServiceAndIsGivenOnlyWhatItOrItsBenchmarksAskFor() {
        Suite suite = loader.parse("own.yaml", """
                name: own
                variants:
                  - mvc-platform
                  - {name: petclinic, jar: /apps/petclinic.jar, services: []}
                  - {name: petclinic-pg, jar: /apps/petclinic.jar, services: [postgresql]}
                workloads:
                  owners:
                    request: {path: /owners}
                    services: []
                benchmarks:
                  - workload: owners
                    load: {quick: {model: max-rate, workers: 4, duration: 5s}}
                """);
        Variant platform = suite.variants().get(0);
        Variant own = suite.variants().get(1);
        Variant pg = suite.variants().get(2);

        assertThat(own.services()).isEmpty();
        assertThat(platform.services()).as("the lab's own apps do not say").isNull();
        assertThat(suite.servicesFor(List.of(platform, own))).as("no benchmark and no variant asks for one").isEmpty();
        assertThat(suite.servicesFor(List.of(own, pg))).containsOnlyKeys("postgresql").containsValue("wanted by variant petclinic-pg");
        assertThat(suite.servicesGivenTo(own).test("postgresql")).as("started for another variant, not given to this one").isFalse();
        assertThat(suite.servicesGivenTo(pg).test("postgresql")).isTrue();
        assertThat(suite.servicesGivenTo(platform).test("postgresql")).isTrue();
    }

    @Test
    void aSuitesOwnWorkloadMayNotShadowTheCatalogsSilently() {
        assertThatThrownBy(() -> loader.parse("t.yaml", """
                name: t
                variants: [mvc-platform]
                workloads:
                  hello:
                    request: {path: /mine}
                benchmarks:
                  - workload: hello
                    load: {quick: {model: max-rate, workers: 4, duration: 5s}}
                """)).hasMessageStartingWith("t.yaml:5: ")
                .hasMessageContaining("workload 'hello' is in the lab's catalog (suites/workloads.yaml) already");
    }

    @Test
    void aSuiteWithoutRulesGetsTheDefaults() {
        assertThat(loader.parse("t.yaml", VALID).rules()).isEqualTo(dev.concurrencylab.lab.result.VerdictRules.DEFAULT);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            malformed YAML                 | 'name: t\\nvariants: [mvc-platform\\n'                                              | t.yaml:3: malformed YAML
            unknown top-level key          | 'name: t\\nvariantz: [mvc-platform]\\n'                                             | t.yaml:2: variantz: unknown key 'variantz'
            unknown variant                | 'name: t\\nvariants: [mvc-turbo]\\nbenchmarks: []\\n'                               | t.yaml:2: variants[0]: unknown variant 'mvc-turbo'
            unknown workload               | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: nope\\n    load: {model: burst, count: 1}\\n' | t.yaml:4: benchmarks[0].workload: unknown workload 'nope'
            unknown load model             | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: zoom}\\n' | t.yaml:5: benchmarks[0].load.model: unknown load model 'zoom'
            negative users                 | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: max-rate, workers: -3, duration: 5s}\\n' | t.yaml:5: benchmarks[0].load.workers: must be at least 1
            bad duration                   | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: max-rate, workers: 3, duration: soon}\\n' | t.yaml:5: benchmarks[0].load.duration: expected a duration
            count not a multiple           | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: count-x-concurrency, count: 10, concurrency: 3}\\n' | t.yaml:5: benchmarks[0].load: count (10) must be a multiple
            unknown parameter              | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: delay\\n    params: {seconds: 1}\\n    load: {model: burst, count: 1}\\n' | t.yaml:5: benchmarks[0].params.seconds: workload 'delay' has no parameter 'seconds'
            missing load                   | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: hello\\n'           | t.yaml:4: benchmarks[0]: missing key 'load'
            unknown scale                  | 'name: t\\nvariants: [webflux]\\nbenchmarks:\\n  - workload: hello\\n    load: {tiny: {model: burst, count: 1}}\\n' | t.yaml:5: benchmarks[0].load: missing key 'model'
            sweep levels differ by scale   | 'name: t\nvariants: [webflux]\nbenchmarks:\n  - workload: hello\n    load:\n      quick: {model: closed-sweep, users: [1, 2], duration: 1s}\n      full: {model: closed-sweep, users: [1, 3], duration: 1s}\n' | t.yaml:4: benchmarks[0]: benchmark 'hello' sweeps users [1, 2] at one scale and [1, 3] at another
            variant listed twice           | 'name: t\\nvariants: [webflux, webflux]\\nbenchmarks: []\\n'                        | t.yaml:2: variants[1]: variant 'webflux' is listed twice
            variant with jar and url       | 'name: t\\nvariants:\\n  - {name: x, jar: a.jar, url: "http://127.0.0.1:1"}\\nbenchmarks: []\\n' | t.yaml:3: variants[0]: variant 'x' needs exactly one of jar
            duplicate key                  | 'name: t\\nname: u\\n'                                                                  | t.yaml:2: key 'name' appears twice
            no benchmarks                  | 'name: t\\nvariants: [webflux]\\nbenchmarks: []\\n'                                 | t.yaml:3: benchmarks: a suite needs at least one benchmark
            unknown threshold metric       | 'name: t\\nvariants: [webflux]\\nthresholds: [p42 < 1ms]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: burst, count: 1}\\n' | t.yaml:3: thresholds[0]: threshold 'p42 < 1ms': unknown metric 'p42'
            threshold rate not in percent  | 'name: t\\nvariants: [webflux]\\nthresholds: [error-rate < 0.01]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: burst, count: 1}\\n' | t.yaml:3: thresholds[0]: threshold 'error-rate < 0.01': write a rate in percent
            threshold not an expression    | 'name: t\\nvariants: [webflux]\\nthresholds: [fast please]\\nbenchmarks:\\n  - workload: hello\\n    load: {model: burst, count: 1}\\n' | t.yaml:3: thresholds[0]: threshold 'fast please' is not 'METRIC < VALUE'
            unknown key in a block map     | 'name: t\nvariants: [webflux]\nbenchmarks:\n  - workload: hello\n    lod: 3\n    load: {model: burst, count: 1}\n' | t.yaml:5: benchmarks[0].lod: unknown key 'lod'
            value the model rejects        | 'name: t\nvariants: [webflux]\nbenchmarks:\n  - workload: hello\n    load: {model: open-rate, rate: 0, duration: 5s}\n' | t.yaml:5: benchmarks[0].load.rate: must be above 0
            value given per scale, no quick | 'name: t\nvariants: [webflux]\nbenchmarks:\n  - workload: hello\n    load: {standard: {model: burst, count: 1}}\n' | t.yaml:5: benchmarks[0].load: a value given per scale needs at least 'quick'
            unknown launch                 | 'name: t\\nvariants: [webflux]\\nlaunch: per-benchmark\\nbenchmarks:\\n  - workload: hello\\n    load: {model: burst, count: 1}\\n' | t.yaml:3: launch: expected one of per-trial, per-round, not 'per-benchmark'
            min-effect not a percentage    | 'name: t\\nvariants: [webflux]\\nmin-effect: 0.05\\nbenchmarks:\\n  - workload: hello\\n    load: {model: burst, count: 1}\\n' | t.yaml:3: min-effect: expected a percentage such as 5%
            """)
    void aMalformedSuiteIsOneLineNamingFileAndLine(String what, String yaml, String expected) {
        assertThatThrownBy(() -> loader.parse("t.yaml", yaml.replace("\\n", "\n")))
                .isInstanceOf(SuiteException.class)
                .hasMessageStartingWith(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
