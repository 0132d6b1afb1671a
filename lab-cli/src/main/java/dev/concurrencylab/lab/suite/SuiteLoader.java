package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.verdict.Threshold;
import dev.concurrencylab.lab.verdict.VerdictRules;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
 * Reads and checks a suite file against the catalog. Every problem is reported with its file and
 * line. Longer than most classes (about 265 lines): one method per YAML shape, each checking its
 * keys where the node and its line are still at hand.
 */
public final class SuiteLoader {

    private static final Pattern PARAM = Pattern.compile("\\$\\{([a-z-]+)}");
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    private static final List<String> MODELS = List.of("closed-stages", "users-x-requests", "count-x-concurrency",
            "burst", "max-rate", "open-rate", "open-ramp");

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
        return parse(YamlFiles.read(file));
    }

    public Suite parse(String name, String yaml) {
        return parse(YamlFiles.parse(name, yaml));
    }

    private Suite parse(YamlNode root) {
        Map<String, YamlNode> s = root.map(Set.of("name", "description", "variants", "trials", "warmup", "benchmarks",
                "capacity", "min-effect", "max-error-rate", "thresholds"));
        String name = Catalog.require(root, s, "name").text();
        List<Variant> variants = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (YamlNode v : Catalog.require(root, s, "variants").list()) {
            Variant variant = variant(v);
            if (!seen.add(variant.name())) {
                throw v.error("variant '" + variant.name() + "' is listed twice");
            }
            variants.add(variant);
        }
        if (variants.isEmpty()) {
            throw s.get("variants").error("a suite needs at least one variant");
        }
        Scaled<Integer> trials = s.containsKey("trials") ? scaled(s.get("trials"), YamlNode::positiveInt) : Scaled.of(1);
        Scaled<Duration> warmup = s.containsKey("warmup") ? scaled(s.get("warmup"), YamlNode::duration) : Scaled.of(Duration.ofSeconds(10));
        List<Benchmark> benchmarks = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (YamlNode b : Catalog.require(root, s, "benchmarks").list()) {
            Benchmark benchmark = benchmark(b);
            if (!names.add(benchmark.name())) {
                throw b.error("benchmark '" + benchmark.name() + "' appears twice");
            }
            benchmarks.add(benchmark);
        }
        if (benchmarks.isEmpty()) {
            throw s.get("benchmarks").error("a suite needs at least one benchmark");
        }
        CapacitySpec capacity = s.containsKey("capacity") ? capacity(s.get("capacity"), benchmarks.getFirst(), s.get("benchmarks")) : null;
        return new Suite(name, s.containsKey("description") ? s.get("description").text() : "", root.file(),
                variants, benchmarks, trials, warmup, capacity, rules(s));
    }

    private static VerdictRules rules(Map<String, YamlNode> s) {
        List<Threshold> thresholds = new ArrayList<>();
        if (s.containsKey("thresholds")) {
            for (YamlNode t : s.get("thresholds").list()) {
                try {
                    thresholds.add(Threshold.parse(t.text()));
                } catch (IllegalArgumentException e) {
                    throw t.error(e.getMessage());
                }
            }
        }
        return new VerdictRules(s.containsKey("min-effect") ? s.get("min-effect").percent() : VerdictRules.DEFAULT.minEffect(),
                s.containsKey("max-error-rate") ? s.get("max-error-rate").percent() : VerdictRules.DEFAULT.maxErrorRate(),
                thresholds);
    }

    private static CapacitySpec capacity(YamlNode node, Benchmark first, YamlNode benchmarksNode) {
        Map<String, YamlNode> c = node.map(Set.of("start-rate", "growth", "max-rate", "close-enough", "max-steps", "slo"));
        for (Scale scale : Scale.values()) {
            if (!(first.load().at(scale) instanceof LoadModel.OpenRate)) {
                throw benchmarksNode.error("a capacity suite's first benchmark needs an open-rate load (its duration is each step's)");
            }
        }
        Map<String, YamlNode> slo = c.containsKey("slo") ? c.get("slo").map(Set.of("p99", "max-error-rate")) : Map.of();
        double growth = c.containsKey("growth") ? c.get("growth").positiveNumber() : 1.25;
        double closeEnough = c.containsKey("close-enough") ? c.get("close-enough").positiveNumber() : 1.05;
        if (growth <= 1 || closeEnough <= 1) {
            throw node.error("growth and close-enough must be above 1 (e.g. 1.25 and 1.05)");
        }
        return new CapacitySpec(scaled(Catalog.require(node, c, "start-rate"), YamlNode::positiveNumber), growth,
                c.containsKey("max-rate") ? c.get("max-rate").positiveNumber() : 100_000, closeEnough,
                c.containsKey("max-steps") ? scaled(c.get("max-steps"), YamlNode::positiveInt) : Scaled.of(20),
                slo.containsKey("p99") ? slo.get("p99").duration() : Duration.ofMillis(100),
                slo.containsKey("max-error-rate") ? slo.get("max-error-rate").positiveNumber() : 0.001);
    }

    private Variant variant(YamlNode node) {
        if (node.isScalar()) {
            Variant known = catalog.variants().get(node.text());
            if (known == null) {
                throw node.error("unknown variant '" + node.text() + "'; known variants: " + String.join(", ", catalog.variants().keySet()));
            }
            return known;
        }
        YamlNode name = Catalog.require(node, node.entries(), "name");
        return Catalog.variant(name.text(), node, catalog.home(), catalog.defaultJvmFlags());
    }

    private Benchmark benchmark(YamlNode node) {
        Map<String, YamlNode> b = node.map(Set.of("name", "workload", "params", "load", "checks", "timeout", "services", "cold",
                "monitor", "jfr"));
        YamlNode workloadNode = Catalog.require(node, b, "workload");
        Workload workload = catalog.workloads().get(workloadNode.text());
        if (workload == null) {
            throw workloadNode.error("unknown workload '" + workloadNode.text() + "'; known workloads: " + String.join(", ", catalog.workloads().keySet()));
        }
        Map<String, String> params = new LinkedHashMap<>(workload.params());
        if (b.containsKey("params")) {
            for (var e : b.get("params").entries().entrySet()) {
                if (!params.containsKey(e.getKey())) {
                    throw e.getValue().error("workload '" + workload.name() + "' has no parameter '" + e.getKey() + "'"
                            + (params.isEmpty() ? "" : "; its parameters: " + String.join(", ", params.keySet())));
                }
                params.put(e.getKey(), e.getValue().text());
            }
        }
        Function<String, String> fill = text -> fill(text, params, workloadNode);
        Duration timeout = b.containsKey("timeout") ? b.get("timeout").duration() : DEFAULT_TIMEOUT;
        RequestSpec request;
        try {
            request = new RequestSpec(workload.method(), fill.apply(workload.path()), fill.apply(workload.body()), workload.contentType(), timeout);
        } catch (IllegalArgumentException e) {
            throw workloadNode.error(e.getMessage());
        }
        Checks checks = b.containsKey("checks") ? Catalog.checks(b.get("checks")) : workload.checks();
        List<String> services = new ArrayList<>(workload.services());
        if (b.containsKey("services")) {
            for (String svc : b.get("services").strings()) {
                if (!Catalog.SERVICES.contains(svc)) {
                    throw b.get("services").error("unknown service '" + svc + "'; choose from kafka, postgresql, rabbitmq, redis");
                }
                if (!services.contains(svc)) {
                    services.add(svc);
                }
            }
        }
        String name = b.containsKey("name") ? b.get("name").text() : workload.name();
        return new Benchmark(name, workload.name(), request, checks, services, fill.apply(workload.statsKey()),
                scaled(Catalog.require(node, b, "load"), this::model), b.containsKey("cold") && b.get("cold").bool(),
                !b.containsKey("monitor") || b.get("monitor").bool(), b.containsKey("jfr") && b.get("jfr").bool());
    }

    private static String fill(String text, Map<String, String> params, YamlNode at) {
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

    /** A value, or a map of scale → value. */
    private static <T> Scaled<T> scaled(YamlNode node, Function<YamlNode, T> read) {
        if (node.isMap() && Arrays.stream(Scale.values()).anyMatch(sc -> node.entries().containsKey(sc.key()))) {
            Map<Scale, T> values = new EnumMap<>(Scale.class);
            node.map(Set.of("quick", "standard", "full")).forEach((k, v) -> values.put(Scale.of(k), read.apply(v)));
            if (!values.containsKey(Scale.QUICK)) {
                throw node.error("a value given per scale needs at least 'quick' (larger scales fall back to smaller ones)");
            }
            return new Scaled<>(values);
        }
        return Scaled.of(read.apply(node));
    }

    private LoadModel model(YamlNode node) {
        Map<String, YamlNode> m = node.entries();
        YamlNode modelNode = Catalog.require(node, m, "model");
        String model = modelNode.text();
        return switch (model) {
            case "closed-stages" -> {
                node.map(Set.of("model", "stages"));
                List<LoadModel.Stage> stages = new ArrayList<>();
                for (YamlNode stage : Catalog.require(node, m, "stages").list()) {
                    Map<String, YamlNode> st = stage.map(Set.of("duration", "users"));
                    stages.add(new LoadModel.Stage(Catalog.require(stage, st, "duration").duration(), Catalog.require(stage, st, "users").nonNegativeInt()));
                }
                if (stages.stream().allMatch(st -> st.users() == 0)) {
                    throw node.error("closed-stages needs at least one stage with users above 0");
                }
                yield new LoadModel.ClosedStages(stages);
            }
            case "users-x-requests" -> {
                node.map(Set.of("model", "users", "requests"));
                yield new LoadModel.UsersXRequests(Catalog.require(node, m, "users").positiveInt(), Catalog.require(node, m, "requests").positiveInt());
            }
            case "count-x-concurrency" -> {
                node.map(Set.of("model", "count", "concurrency"));
                int count = Catalog.require(node, m, "count").positiveInt();
                int concurrency = Catalog.require(node, m, "concurrency").positiveInt();
                if (count % concurrency != 0) {
                    throw node.error("count (" + count + ") must be a multiple of concurrency (" + concurrency + ") so every user sends the same number");
                }
                yield new LoadModel.CountXConcurrency(count, concurrency);
            }
            case "burst" -> {
                node.map(Set.of("model", "count"));
                yield new LoadModel.Burst(Catalog.require(node, m, "count").positiveInt());
            }
            case "max-rate" -> {
                node.map(Set.of("model", "workers", "duration"));
                yield new LoadModel.MaxRate(Catalog.require(node, m, "workers").positiveInt(), Catalog.require(node, m, "duration").duration());
            }
            case "open-rate" -> {
                node.map(Set.of("model", "rate", "duration", "max-sessions"));
                double rate = Catalog.require(node, m, "rate").positiveNumber();
                yield new LoadModel.OpenRate(rate, Catalog.require(node, m, "duration").duration(), maxSessions(m, rate));
            }
            case "open-ramp" -> {
                node.map(Set.of("model", "from", "to", "duration", "max-sessions"));
                double from = Catalog.require(node, m, "from").positiveNumber();
                double to = Catalog.require(node, m, "to").positiveNumber();
                yield new LoadModel.OpenRamp(from, to, Catalog.require(node, m, "duration").duration(), maxSessions(m, Math.max(from, to)));
            }
            default -> throw modelNode.error("unknown load model '" + model + "'; choose from " + String.join(", ", MODELS));
        };
    }

    /** Default: room for one second's arrivals in flight, so the driver runs dry only past 1 s latency. */
    private static int maxSessions(Map<String, YamlNode> m, double rate) {
        return m.containsKey("max-sessions") ? m.get("max-sessions").positiveInt() : (int) Math.max(16, Math.ceil(rate));
    }
}
