package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ClosedSweep;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.Threshold;
import dev.concurrencylab.lab.result.VerdictRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a suite file ({@link SuiteYaml} binds it to a {@link SuiteFile}) and resolves it against
 * the catalog: variant and workload names, parameters, services. Every problem names its file and line.
 */
public final class SuiteLoader {

    private static final Pattern PARAM = Pattern.compile("\\$\\{([a-z-]+)}");
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /** Until steady, within bounds that hold at every scale (docs/methodology.md). */
    private static final Warmup DEFAULT_WARMUP = Warmup.steady(Duration.ofSeconds(5), Duration.ofSeconds(60));

    private final Catalog catalog;

    public SuiteLoader(Catalog catalog) {
        this.catalog = catalog;
    }

    /** A suite by name (from the suites folder) or by path to a YAML file. */
    public Suite load(String nameOrFile) {
        Path file = nameOrFile.endsWith(".yaml") || nameOrFile.endsWith(".yml") || nameOrFile.contains("/")
                ? Path.of(nameOrFile) : catalog.suitesDir().resolve(nameOrFile + ".yaml");
        if (!Files.exists(file)) {
            throw new SuiteException("unknown suite '" + nameOrFile + "'; known suites: " + String.join(", ", catalog.suiteNames())
                    + " (or give a path to a .yaml file)");
        }
        return resolve(SuiteYaml.read(file, SuiteFile.class), file.toString());
    }

    public Suite parse(String name, String yaml) {
        return resolve(SuiteYaml.parse(name, yaml, SuiteFile.class), name);
    }

    private Suite resolve(SuiteFile file, String path) {
        List<Variant> variants = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Located<SuiteFile.VariantFile> v : file.variants().value()) {
            Variant variant = variant(v);
            if (!seen.add(variant.name())) {
                throw v.error("variant '" + variant.name() + "' is listed twice");
            }
            variants.add(variant);
        }
        if (variants.isEmpty()) {
            throw file.variants().error("a suite needs at least one variant");
        }
        Map<String, Workload> workloads = new LinkedHashMap<>(catalog.workloads());
        file.workloads().forEach((name, at) -> {
            if (catalog.workloads().containsKey(name)) {
                throw at.error("workload '" + name + "' is in the lab's catalog (suites/workloads.yaml) already: "
                        + "give the suite's own workload a name of its own");
            }
            workloads.put(name, Catalog.workload(name, at));
        });
        List<Benchmark> benchmarks = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Located<SuiteFile.BenchmarkFile> b : file.benchmarks().value()) {
            for (Benchmark benchmark : levels(benchmark(b, workloads), b)) {
                if (!names.add(benchmark.name())) {
                    throw b.error("benchmark '" + benchmark.name() + "' appears twice");
                }
                benchmarks.add(benchmark);
            }
        }
        if (benchmarks.isEmpty()) {
            throw file.benchmarks().error("a suite needs at least one benchmark");
        }
        requestsNamed(file.thresholds(), benchmarks, path);
        CapacitySpec capacity = file.capacity() == null ? null : capacity(file.capacity());
        if (capacity != null && file.benchmarks().value().getFirst().value().load().values().values().stream()
                .anyMatch(load -> !(load instanceof OpenRate))) {
            throw file.benchmarks().error("a capacity suite's first benchmark needs an open-rate load (its duration is each step's)");
        }
        if (capacity != null && benchmarks.getFirst().request(Scale.QUICK).sequence()) {
            // Its rate would be of sessions and its answers of steps: the search's "served what was offered" would always hold.
            throw file.benchmarks().error("a capacity suite's first benchmark cannot be a sequence: its rates are of requests, a sequence's of sessions");
        }
        VerdictRules rules = new VerdictRules(
                file.minEffect() != null ? file.minEffect() : VerdictRules.DEFAULT.minEffect(),
                file.maxErrorRate() != null ? file.maxErrorRate() : VerdictRules.DEFAULT.maxErrorRate(), file.thresholds());
        return new Suite(file.name(), file.description() != null ? file.description() : "", path, variants, benchmarks,
                file.trials() != null ? file.trials() : Scaled.of(1),
                file.warmup() != null ? file.warmup() : Scaled.of(DEFAULT_WARMUP),
                file.launch() != null ? file.launch() : Launch.PER_TRIAL, capacity, rules, file.cycles());
    }

    /** A threshold on a request no benchmark sends would judge nothing: a misspelt name must not pass unnoticed. */
    private static void requestsNamed(List<Threshold> thresholds, List<Benchmark> benchmarks, String path) {
        Set<String> sent = new java.util.TreeSet<>();
        for (Benchmark b : benchmarks) {
            for (Scale scale : Scale.values()) {
                b.request(scale).mix().forEach(r -> sent.add(r.name()));
            }
        }
        for (Threshold t : thresholds) {
            if (t.request() != null && !sent.contains(t.request())) {
                throw new SuiteException(path + ": thresholds: '" + t.text() + "' names request '" + t.request() + "', which no benchmark's mix or sequence sends"
                        + (sent.isEmpty() ? "" : "; the requests named: " + String.join(", ", sent)));
            }
        }
    }

    private static CapacitySpec capacity(SuiteFile.CapacityFile c) {
        SuiteFile.SloFile slo = c.slo() != null ? c.slo() : new SuiteFile.SloFile(null, null);
        return new CapacitySpec(c.startRate(), c.growth(), c.maxRate() != null ? c.maxRate() : 100_000, c.closeEnough(),
                c.maxSteps() != null ? c.maxSteps() : Scaled.of(20),
                slo.p99() != null ? slo.p99() : Duration.ofMillis(100),
                slo.maxErrorRate() != null ? slo.maxErrorRate() : 0.001);
    }

    private Variant variant(Located<SuiteFile.VariantFile> at) {
        SuiteFile.VariantFile v = at.value();
        if (v.name() == null) {
            throw at.error("missing key 'name'");
        }
        if (!v.reference()) {
            return Catalog.variant(v.name(), at, catalog.home(), catalog.defaultJvmFlags());
        }
        Variant known = catalog.variants().get(v.name());
        if (known == null) {
            throw at.error("unknown variant '" + v.name() + "'; known variants: " + String.join(", ", catalog.variants().keySet()));
        }
        return known;
    }

    /** @param workloads the catalog's workloads and the suite's own */
    private Benchmark benchmark(Located<SuiteFile.BenchmarkFile> at, Map<String, Workload> workloads) {
        SuiteFile.BenchmarkFile b = at.value();
        Located<String> workloadName = b.workload();
        Workload workload = workloads.get(workloadName.value());
        if (workload == null) {
            throw workloadName.error("unknown workload '" + workloadName.value() + "'; known workloads: "
                    + String.join(", ", workloads.keySet()) + " (or define it under the suite's own workloads:)");
        }
        // A parameter may differ by scale (E2's job: 50 ms quick, 3 s full), so each scale gets its request.
        Map<Scale, RequestSpec> requests = new EnumMap<>(Scale.class);
        Function<String, String> quickFill = null;
        for (Scale scale : Scale.values()) {
            Map<String, String> params = new LinkedHashMap<>(workload.params());
            if (b.params() != null) {
                b.params().forEach((key, value) -> {
                    if (!params.containsKey(key)) {
                        throw value.error("workload '" + workload.name() + "' has no parameter '" + key + "'"
                                + (params.isEmpty() ? "" : "; its parameters: " + String.join(", ", params.keySet())));
                    }
                    params.put(key, value.value().at(scale));
                });
            }
            Function<String, String> fill = text -> fill(text, params, workloadName);
            quickFill = quickFill == null ? fill : quickFill;
            Duration timeout = b.timeout() != null ? b.timeout() : DEFAULT_TIMEOUT;
            try {
                requests.put(scale, workload.mix().isEmpty()
                        ? new RequestSpec(workload.method(), fill.apply(workload.path()), fill.apply(workload.body()), workload.contentType(), timeout)
                        : named(workload, workload.mix().stream().map(m -> new NamedRequest(m.name(), m.weight(),
                                new RequestSpec(m.method(), fill.apply(m.path()), fill.apply(m.body()), m.contentType(), timeout), m.checks())).toList()));
            } catch (IllegalArgumentException e) {
                throw workloadName.error(e.getMessage());
            }
        }
        List<String> services = new ArrayList<>(workload.services());
        if (b.services() != null) {
            for (String svc : b.services().value()) {
                if (!Catalog.SERVICES.contains(svc)) {
                    throw b.services().error(Catalog.unknownService(svc));
                }
                if (!services.contains(svc)) {
                    services.add(svc);
                }
            }
        }
        if (b.checks() != null && !workload.mix().isEmpty()) {
            throw at.error("checks", "workload '" + workload.name() + "' is a " + (workload.sequence() ? "sequence" : "mix")
                    + ": give each of its requests its checks in the workload, not the benchmark");
        }
        Checks checks = b.checks() != null ? b.checks() : workload.checks();
        Design design = b.design() == null ? Design.FRESH : b.design();
        Benchmark benchmark = new Benchmark(b.name() != null ? b.name() : workload.name(), workload.name(), new Scaled<>(requests), checks, services,
                quickFill.apply(workload.statsKey()), b.load(), b.cold(), b.monitor() == null || b.monitor(), b.pace(), b.jfr(), design);
        if (design == Design.PAIRED && !benchmark.pairable()) {
            // slices seconds apart compare levels or like jobs: a window that ramps or bursts, or a cold JVM, has none to pair
            throw at.error("design", "a paired design measures a steady level in slices: benchmark '" + benchmark.name() + "' is "
                    + (b.cold() ? "cold" : "a ramp or a burst at some scale") + "; use max-rate, open-rate, closed-sweep or count-x-concurrency, or design: fresh");
        }
        return benchmark;
    }

    /**
     * A closed sweep becomes one benchmark per level ({@code posts-10-users}, …), each warmed and
     * measured on its own; the levels must be the same at every scale (only durations scale).
     */
    private static List<Benchmark> levels(Benchmark benchmark, Located<SuiteFile.BenchmarkFile> at) {
        Map<Scale, LoadModel> byScale = new EnumMap<>(Scale.class);
        for (Scale scale : Scale.values()) {
            byScale.put(scale, benchmark.load().at(scale));
        }
        if (byScale.values().stream().noneMatch(m -> m instanceof ClosedSweep)) {
            return List.of(benchmark);
        }
        List<Integer> users = null;
        for (LoadModel model : byScale.values()) {
            if (!(model instanceof ClosedSweep sweep)) {
                throw at.error("benchmark '" + benchmark.name() + "' is a closed-sweep at one scale and " + model.name()
                        + " at another; a sweep is a sweep at every scale");
            }
            if (users != null && !users.equals(sweep.users())) {
                throw at.error("benchmark '" + benchmark.name() + "' sweeps users " + users + " at one scale and " + sweep.users()
                        + " at another; only the duration may differ by scale");
            }
            users = sweep.users();
        }
        List<Benchmark> levels = new ArrayList<>();
        for (int i = 0; i < users.size(); i++) {
            int level = i;
            Map<Scale, LoadModel> load = new EnumMap<>(Scale.class);
            byScale.forEach((scale, model) -> load.put(scale, ((ClosedSweep) model).levels().get(level)));
            levels.add(benchmark.at(benchmark.name() + "-" + users.get(i) + "-users", new Scaled<>(load)));
        }
        return levels;
    }

    private static RequestSpec named(Workload workload, List<NamedRequest> requests) {
        return workload.sequence() ? RequestSpec.sequence(requests) : RequestSpec.mixed(requests);
    }

    private static String fill(String text, Map<String, String> params, Located<String> at) {
        if (text == null) {
            return null;
        }
        Matcher m = PARAM.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = params.get(m.group(1));
            if (value == null) {
                throw at.error("the catalog uses ${" + m.group(1) + "} but declares no such parameter");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }
}
