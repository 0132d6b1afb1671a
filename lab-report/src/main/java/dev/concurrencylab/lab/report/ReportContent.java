package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.RequestFigures;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunDefinition;
import dev.concurrencylab.lab.result.RunHost;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunPlatform;
import dev.concurrencylab.lab.result.RunProgress;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.verdict.FailureRates;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** Everything a report says, computed once from a results directory; the renderers only format it. */
public record ReportContent(String title, String summary, Map<String, String> environment, String base,
        List<Section> sections, Map<String, String> flagsExplained) {

    /** What a mix's requests are compared on: the server's figures (CPU, threads) are the trial's, not a request's. */
    private static final List<Figure> PER_REQUEST = List.of(Figure.THROUGHPUT, Figure.P99);

    /** What the Why lines stand on, said once for both renderers. */
    static final String WHY_NOTE = "what each answer cost the server, over the measured windows, and what JFR recorded when the run kept it";

    public static ReportContent of(RunResults results) {
        RunInfo run = results.run();
        VerdictRules rules = results.rules();
        List<String> variants = results.variants();
        String base = variants.isEmpty() ? "" : variants.getFirst();
        ExperimentTable table = ExperimentTable.forSuite(run.definition().suite());
        List<Section> sections = new ArrayList<>();
        TreeSet<Flag> seenFlags = new TreeSet<>();
        var capacity = results.capacity();
        capacity.ifPresent(c -> sections.add(CapacitySection.of(c)));
        for (String benchmark : capacity.isPresent() ? List.<String>of() : results.benchmarks()) {
            List<String> headings = new ArrayList<>(List.of("variant", "trials"));
            table.columns().forEach(f -> headings.add(f.heading()));
            headings.add("flags");
            List<List<String>> rows = new ArrayList<>();
            List<String> verdicts = new ArrayList<>();
            List<Verdict> comparisons = new ArrayList<>();
            String load = "";
            for (String variant : variants) {
                List<TrialResult> trials = results.trials(benchmark, variant);
                if (trials.isEmpty()) {
                    continue;
                }
                load = describe(trials.getFirst().identity().load());
                List<String> row = new ArrayList<>(List.of(variant, okCount(trials)));
                for (Figure f : table.columns()) {
                    Spread s = Spread.of(f, trials);
                    row.add(s == null ? "–" : s.text());
                }
                TreeSet<Flag> flags = new TreeSet<>();
                trials.forEach(t -> flags.addAll(t.outcome().flags()));
                seenFlags.addAll(flags);
                row.add(String.join(", ", flags.stream().map(Flag::key).toList()));
                rows.add(row);
                if (!variant.equals(base)) {
                    List<TrialResult> baseTrials = results.trials(benchmark, base);
                    List<Verdict> line = verdicts(table.verdictFigures(), variant, trials, base, baseTrials, rules);
                    verdicts.add(variant + " — " + text(line));
                    comparisons.addAll(AnswerShare.counted(line));
                    for (String request : requestNames(trials)) {
                        List<Verdict> requestLine = verdicts(PER_REQUEST, variant, asRequest(trials, request), base,
                                asRequest(baseTrials, request), rules);
                        verdicts.add(variant + " — request " + request + ": " + text(requestLine));
                        comparisons.addAll(AnswerShare.counted(requestLine));
                    }
                }
            }
            List<TrialResult> baseTrials = results.trials(benchmark, base);
            boolean paired = PairedVerdict.paired(baseTrials);
            if (paired) {
                verdicts.addAll(aaLines(base, variants.stream().flatMap(v -> results.trials(benchmark, v).stream()).toList(), rules));
            }
            List<Table> tables = new ArrayList<>();
            tables.add(new Table("", headings, rows, table.note(), headings.size() - 1));
            Tables.requests(results, benchmark, variants).ifPresent(tables::add);
            Tables.failures(results, benchmark, variants).ifPresent(tables::add);
            Tables.windows(results, benchmark, variants).ifPresent(tables::add);
            Tables.cost(results, benchmark, variants).ifPresent(tables::add);
            Tables.checks(results, benchmark, variants).ifPresent(tables::add);
            Tables.thresholds(results, benchmark, variants).ifPresent(tables::add);
            sections.add(new Section(benchmark, load, table.source(), tables, paired ? PairedVerdict.rule(rules) : Verdict.rule(rules),
                    verdicts, comparisons,
                    why(variants, base, results, benchmark, rules), Charts.of(results, benchmark, variants)));
        }
        if (capacity.isEmpty()) {
            sections.addAll(SweepSection.of(results, variants));
            sections.addAll(BestStrategySection.of(results, variants));
            results.published().ifPresent(p -> sections.add(ReproductionSection.of(p, results)));
        }
        Map<String, String> explained = new LinkedHashMap<>();
        seenFlags.forEach(f -> explained.put(f.key(), f.meaning() + " (" + f.effect() + ")"));
        RunDefinition definition = run.definition();
        boolean sequential = definition.sequential();
        String summary = capacity.isPresent()
                ? String.format("Capacity search of suite %s at scale %s: %d steps run and written as trials; status: %s. "
                        + "Each variant's outcome and the rates that bracket its capacity are below.", run.definition().suite(), run.definition().scale(),
                        results.trials().size(), run.progress().status())
                : String.format("Suite %s at scale %s, %s%d trial(s) per variant and benchmark; %d of %s%d trials written; status: %s. "
                + "Each value is the median over the trials that completed, with the range (min–max) in brackets. "
                + "Throughput is goodput (good answers: 2xx that passed the status and body checks, per second) and "
                + "latencies are of good answers; failed answers are counted and summarised apart. "
                + "Comparisons are against %s.", definition.suite(), definition.scale(), sequential ? "up to " : "",
                definition.trialsPerVariant(), results.trials().size(), sequential ? "at most " : "", definition.trialsPlanned(),
                run.progress().status(), base)
                + (sequential ? " Trials ran in rounds: " + definition.stopping().substring(RunDefinition.SEQUENTIAL.length()) + "." : "")
                + SharedLaunches.summary(results.trials())
                + network(run.platform())
                + (run.schemaVersion() < RunInfo.SCHEMA_VERSION ? " This run predates results schema "
                        + RunInfo.SCHEMA_VERSION + ": its throughput and latencies count every answer, good or not." : "");
        return new ReportContent("Spring Concurrency Lab — " + run.definition().suite(), summary, environment(results), base, sections, explained);
    }

    /**
     * One variant against the base: failures first (above the suite's error threshold they are the
     * verdict, and latency and throughput are not compared), then each verdict figure with its ratio and interval.
     */
    private static List<Verdict> verdicts(List<Figure> figures, String variant, List<TrialResult> trials, String base,
            List<TrialResult> baseTrials, VerdictRules rules) {
        if (FailureRates.decide(trials, baseTrials, rules)) {
            return List.of(FailureRates.compare(variant, trials, base, baseTrials, rules).verdict());
        }
        List<Verdict> line = figures.stream().map(f -> Verdict.of(f, variant, trials, base, baseTrials, rules)).toList();
        // a paired side whose server died fails every figure for one reason: said once, as a failure verdict is
        return line.stream().allMatch(v -> v.figure() == Figure.ERROR_RATE && v.text().equals(line.getFirst().text()))
                ? List.of(line.getFirst()) : line;
    }

    /**
     * The A/A line of a paired benchmark: the base's second launch against its first, judged on the
     * spread every other variant showed ({@code slices}: the benchmark's, every server's). It must not
     * claim; a claim there marks the section's other verdicts as suspect.
     */
    static List<String> aaLines(String base, List<TrialResult> slices, VerdictRules rules) {
        List<Verdict> line = List.of(Figure.THROUGHPUT, Figure.P99).stream()
                .map(f -> PairedVerdict.of(f, new PairedVerdict.Side(base, 2), base, slices, rules)).toList();
        List<String> lines = new ArrayList<>(List.of(base + " vs " + base + " (A/A) — " + text(line)));
        List<Verdict> claims = line.stream().filter(v -> v.kind() == Verdict.Kind.BETTER || v.kind() == Verdict.Kind.WORSE
                || v.kind() == Verdict.Kind.DIFFERENT).toList();
        if (!claims.isEmpty()) {
            lines.add("suspect: the A/A line claims a difference between two launches of " + base + " ("
                    + String.join("; ", claims.stream().map(v -> v.figure().label() + " ratio " + String.format(Locale.ROOT, "%.3f", v.interval().ratio())
                            + ", 95 % CI " + v.interval().ends(x -> String.format(Locale.ROOT, "%.3f", x))).toList())
                    + "): this benchmark's other verdicts rest on intervals that proved too narrow here");
        }
        return lines;
    }

    /** A line's verdicts as it reads: one reason once where every figure has no verdict for it, else figure by figure. */
    private static String text(List<Verdict> said) {
        boolean oneReason = said.size() == 1 && said.getFirst().figure() == Figure.ERROR_RATE
                || said.stream().allMatch(v -> v.kind() == Verdict.Kind.NO_VERDICT) && said.stream().map(Verdict::text).distinct().count() == 1;
        return oneReason ? said.getFirst().text()
                : String.join("; ", said.stream().map(v -> v.figure().label() + ": " + v.text()).toList());
    }

    /** The requests of a mix, in the order the trials list them; none for a trial of one request. */
    private static List<String> requestNames(List<TrialResult> trials) {
        return trials.stream().filter(t -> t.requests() != null && t.requests().size() > 1)
                .flatMap(t -> t.requests().stream().map(RequestFigures::name)).distinct().toList();
    }

    /** Each trial as the request saw it; a trial that did not send it (it failed before its window) keeps its failure. */
    private static List<TrialResult> asRequest(List<TrialResult> trials, String request) {
        return trials.stream().map(t -> t.ok() ? t.asRequest(request) : t).filter(java.util.Objects::nonNull).toList();
    }

    private static String okCount(List<TrialResult> trials) {
        long ok = trials.stream().filter(TrialResult::ok).count();
        return ok == trials.size() ? Long.toString(ok) : ok + " of " + trials.size() + " ok";
    }

    /** The load model as the results write it: {@code open-rate, rate 150.0, duration 8s, maxSessions 150}. */
    @SuppressWarnings("unchecked")
    private static String describe(LoadModel load) {
        if (load == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        ResultStore.JSON.convertValue(load, Map.class).forEach((k, v) -> parts.add(k.equals("model") ? v.toString() : k + " " + v));
        return String.join(", ", parts);
    }

    /** What each answer cost per variant, then why launches of one variant differ where they do. */
    private static List<String> why(List<String> variants, String base, RunResults results, String benchmark, VerdictRules rules) {
        List<String> lines = new ArrayList<>(Why.lines(variants, base, results, benchmark, rules));
        lines.addAll(LaunchSpread.lines(variants, results, benchmark));
        return lines;
    }

    /** Latencies over a network include its round trip: said beside them, with the figure measured before the first trial. */
    private static String network(RunPlatform platform) {
        if (platform.hosts() == null) {
            return "";
        }
        return platform.hosts().stream().filter(h -> h.serverCpus() != null).findFirst()
                .map(h -> String.format(Locale.ROOT, " The servers ran on host %s: every latency includes the network's round trip "
                        + "from the driver, %.3f ms (median of %d TCP connects before the first trial).", h.name(), h.rttMedianMs(), h.rttSamples()))
                .orElse("");
    }

    /**
     * The host's steal over the run's windows, where the kernel counted any: a busy host slows every process
     * here, and a reader of a run with slow launches should see whether the host was busy (docs/methodology.md).
     */
    static String hostSteal(List<TrialResult> trials) {
        List<Double> machine = trials.stream().map(Figure.STEAL::of).filter(Objects::nonNull).sorted().toList();
        if (machine.isEmpty() || machine.getLast() <= 0) {
            return null;
        }
        List<Double> sut = trials.stream().map(Figure.SUT_STEAL::of).filter(Objects::nonNull).sorted().toList();
        return String.format(Locale.ROOT, "%s–%s %% of a core a window (median %s) over %d windows%s: time the machine's CPUs wanted "
                + "and the hypervisor gave other guests; a busy host, which slows every process here, shows as steal (docs/methodology.md)",
                Numbers.format(machine.getFirst()), Numbers.format(machine.getLast()),
                Numbers.format((machine.get((machine.size() - 1) / 2) + machine.get(machine.size() / 2)) / 2), machine.size(),
                sut.isEmpty() ? "" : ", " + Numbers.format(sut.getFirst()) + "–" + Numbers.format(sut.getLast()) + " % on the server's CPUs");
    }

    private static Map<String, String> environment(RunResults results) {
        RunInfo run = results.run();
        RunPlatform platform = run.platform();
        RunProgress progress = run.progress();
        Map<String, String> env = new LinkedHashMap<>();
        Map<String, String> machine = platform.machine() == null ? Map.of() : platform.machine();
        env.put("machine", machine.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).reduce((a, b) -> a + " · " + b).orElse(""));
        env.put("CPU layout", platform.cpuLayout() == null ? "not recorded" : platform.cpuLayout().describe());
        String steal = hostSteal(results.trials());
        if (steal != null) {
            env.put("the host's steal", steal);
        }
        if (platform.hosts() != null && !platform.hosts().isEmpty()) {
            env.put("hosts", String.join(" · ", platform.hosts().stream().map(RunHost::describe).toList()));
        }
        Map<String, String> jdk = platform.jdk() == null ? Map.of() : platform.jdk();
        env.put("JDK", String.join(" ", jdk.values()));
        env.put("Spring Boot", Objects.toString(platform.springBootVersion(), ""));
        env.put("services", progress.services() == null ? "" : progress.services().entrySet().stream()
                .map(e -> e.getKey() + ": " + e.getValue()).reduce((a, b) -> a + " · " + b).orElse("none"));
        env.put("JVM flags", platform.jvmFlags() == null || platform.jvmFlags().isEmpty() ? ""
                : String.join(" ", platform.jvmFlags().values().iterator().next()));
        env.put("scale", run.definition().scale() + ", " + run.definition().trialsPerVariant() + " trial(s) per variant and benchmark");
        env.put("git commit", Objects.toString(platform.gitCommit(), ""));
        env.put("started", Objects.toString(progress.started(), "") + (progress.finished() == null ? "" : ", finished " + progress.finished()));
        if (progress.parts() != null) {
            // a resumed run: each part may have run other code on another CPU than the first
            env.put("parts", String.join(" · ", progress.parts().stream().map(p -> String.format("%s to %s, %d trial(s) written by then, commit %s, %s",
                    p.started(), Objects.toString(p.finished(), "?"), p.trialsWritten(),
                    p.gitCommit() == null ? "?" : p.gitCommit().substring(0, Math.min(7, p.gitCommit().length())),
                    Objects.toString(p.cpuModel(), "?"))).toList()));
        }
        // A command naming files by absolute path re-runs only where those files are: said as what ran, not as a re-run line.
        boolean outside = java.util.Arrays.stream(Objects.toString(run.definition().command(), "").split(" ")).anyMatch(t -> t.startsWith("/"));
        env.put(outside ? "ran as" : "re-run", run.definition().command());
        return env;
    }
}
