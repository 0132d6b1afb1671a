package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.result.RunHost;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The lab's own write-up, {@code docs/findings.md}: per suite, what its runs measured (figures with
 * their spread, verdicts with their intervals, the Why evidence, the original's claims against
 * them), how the verdicts compare across runs, and what the machine limited. A pure function of
 * the results directories it is given, so rendering the same ones again gives the same text.
 */
public final class Findings {

    /** The figures a finding shows per variant: what a reader decides on, and what it cost. */
    private static final List<Figure> SHOWN = List.of(Figure.THROUGHPUT, Figure.P50, Figure.P99, Figure.ERROR_RATE, Figure.CPU_PER_1K);

    private Findings() {
    }

    /** Renders the write-up from results directories; their order in the file is by suite, then by start time. */
    public static String render(List<Path> dirs) {
        List<RunResults> runs = dirs.stream().map(RunResults::read)
                .sorted(Comparator.comparing((RunResults r) -> r.run().definition().suite())
                        .thenComparing(r -> Objects.toString(r.run().progress().started(), ""))
                        .thenComparing(r -> name(r)))
                .toList();
        // Each run's verdicts are computed once: the answered share and the run's own section read the same ones.
        Map<RunResults, ReportContent> contents = new IdentityHashMap<>();
        runs.forEach(r -> contents.put(r, ReportContent.of(r)));
        Map<String, List<RunResults>> bySuite = new TreeMap<>();
        runs.forEach(r -> bySuite.computeIfAbsent(r.run().definition().suite(), s -> new ArrayList<>()).add(r));

        StringBuilder md = new StringBuilder();
        md.append("# Findings: what the lab measured on its own machine\n\n")
                .append("Rendered by `./lab findings` from the results directories listed below and nothing else; rendering the same ")
                .append("directories again gives this file again. Every figure here was measured in those runs. The originals' figures ")
                .append("appear only in the Reproduction tables, as theirs. How each figure is measured: [methodology](methodology.md); ")
                .append("what each suite runs and how it differs from its original: [experiments](experiments.md).\n\n");
        DecisionTable.render(md, runs);
        md.append("## The runs\n\n");
        List<List<String>> rows = new ArrayList<>();
        for (RunResults r : runs) {
            RunInfo run = r.run();
            rows.add(List.of("`" + name(r) + "`", run.definition().suite(), run.definition().scale(), trials(r),
                    Objects.toString(run.definition().stopping(), "fixed"), wall(run), shortCommit(run), day(run), machine(run)));
        }
        MarkdownReport.table(md, List.of("run", "suite", "scale", "trials", "trial count", "wall time", "commit", "started", "machine"), rows);
        timeSpent(md, runs);
        answered(md, runs, contents);
        md.append("\nEach value below is the median over a run's completed trials with the range (min–max) in brackets; ")
                .append("throughput is goodput, latencies are of good answers, failed answers are counted apart.\n\n");

        for (Map.Entry<String, List<RunResults>> suite : bySuite.entrySet()) {
            List<RunResults> suiteRuns = suite.getValue();
            String experiment = suiteRuns.getFirst().published().map(p -> " — " + p.experiment()).orElse("");
            md.append("## ").append(suite.getKey()).append(experiment).append("\n\n");
            for (RunResults r : suiteRuns) {
                run(md, r, contents.get(r));
            }
            if (suiteRuns.size() > 1) {
                AcrossRuns.render(md, suiteRuns);
            }
        }
        limits(md, runs);
        return md.toString();
    }

    /** Draws the decision table's chart into {@code findingsFile}'s folder, where the findings link it. */
    public static void writeChart(List<Path> dirs, Path findingsFile) throws java.io.IOException {
        Path file = findingsFile.toAbsolutePath().getParent().resolve(DecisionTable.CHART);
        java.nio.file.Files.createDirectories(file.getParent());
        PngCharts.write(DecisionTable.chart(dirs.stream().map(RunResults::read).toList()), file);
    }

    /** One run: per benchmark the figures, the verdicts against the base and the Why lines; then the Reproduction. */
    private static void run(StringBuilder md, RunResults r, ReportContent content) {
        RunInfo run = r.run();
        md.append("### Run `").append(name(r)).append("`\n\n")
                .append(String.format(Locale.ROOT, "Scale %s, %s, %s; commit %s, %s. %s%n%n", run.definition().scale(), trials(r),
                        wall(run), shortCommit(run), day(run), rerun(run.definition().command())));
        String shared = SharedLaunches.summary(r.trials());
        if (!shared.isEmpty()) {
            md.append(shared.strip()).append("\n\n");
        }
        for (Section s : content.sections()) {
            List<TrialResult> any = r.trials().stream().filter(t -> t.identity().benchmark().equals(s.benchmark())).toList();
            if (any.isEmpty()) {
                together(md, s);
                continue;
            }
            md.append("**").append(s.benchmark()).append("** (").append(s.load()).append(")\n\n");
            List<String> headings = new ArrayList<>(List.of("variant", "trials"));
            SHOWN.forEach(f -> headings.add(f.heading()));
            headings.add("flags");
            List<List<String>> rows = new ArrayList<>();
            for (String variant : r.variants()) {
                List<TrialResult> trials = r.trials(s.benchmark(), variant);
                if (trials.isEmpty()) {
                    continue;
                }
                List<String> row = new ArrayList<>(List.of(variant, Long.toString(trials.stream().filter(TrialResult::ok).count())));
                for (Figure f : SHOWN) {
                    Spread spread = Spread.of(f, trials);
                    row.add(spread == null ? "–" : spread.text());
                }
                row.add(String.join(", ", trials.stream().flatMap(t -> t.outcome().flags().stream()).map(f -> f.key()).distinct().sorted().toList()));
                rows.add(row);
            }
            MarkdownReport.table(md, headings, rows);
            if (!s.verdicts().isEmpty()) {
                md.append("\nAgainst ").append(content.base()).append(":\n\n");
                s.verdicts().forEach(v -> md.append("- ").append(v).append("\n"));
            }
            if (!s.why().isEmpty()) {
                md.append("\nWhy:\n\n");
                s.why().forEach(v -> md.append("- ").append(v).append("\n"));
            }
            md.append("\n");
        }
    }

    /**
     * A section drawn from the run's benchmarks together — the Reproduction, E2's best strategy per case, a sweep by users —
     * as its first table. The Reproduction's note is docs/experiments.md's "Reading the Reproduction section", not repeated
     * per run; the others' notes say what was left out.
     */
    private static void together(StringBuilder md, Section s) {
        if (s.tables().isEmpty()) {
            return;
        }
        Table table = s.tables().getFirst();
        md.append("**").append(s.benchmark()).append("** (").append(s.load()).append(")\n\n");
        MarkdownReport.table(md, table.headings(), table.rows());
        if (table.note() != null && !s.benchmark().startsWith("Reproduction of ")) {
            md.append("\n").append(table.note()).append("\n");
        }
        md.append("\n");
    }

    /** Where each run's wall time went, from its trial records: what sizing a scale has to work with. */
    private static void timeSpent(StringBuilder md, List<RunResults> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (RunResults r : runs) {
            TimeSpent spent = TimeSpent.of(r);
            if (spent != null) {
                List<String> row = new ArrayList<>(List.of("`" + name(r) + "`"));
                row.addAll(spent.cells());
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("\nWhere each run's time went, summed over its trials' records (a part's share of the wall time in brackets): ")
                .append("server start-ups to the first good answer; warm-ups, each until the server was steady and its JIT quiet ")
                .append("(docs/methodology.md); the measured windows with a timed window's wait for its last answers; and the rest: ")
                .append("starting the services, stopping each server, reading handed-off work back, writing the records.\n\n");
        MarkdownReport.table(md, TimeSpent.headings(), rows);
    }

    /**
     * How many of each run's throughput and p99 comparisons end in an answer, and why the others do not: the share
     * of its own questions the lab answers, and what stands in the way of the rest.
     */
    private static void answered(StringBuilder md, List<RunResults> runs, Map<RunResults, ReportContent> contents) {
        List<List<String>> rows = new ArrayList<>();
        AnswerShare total = AnswerShare.of(List.of());
        for (RunResults r : runs) {
            AnswerShare share = AnswerShare.of(contents.get(r).sections());
            if (share.comparisons() == 0) {
                continue;
            }
            total = total.plus(share);
            rows.add(List.of("`" + name(r) + "`", share.share(), Integer.toString(share.claimed()), Integer.toString(share.same()),
                    Integer.toString(share.byFailures()), Integer.toString(share.undecided()),
                    share.withoutVerdict() == 0 ? "0" : share.withoutVerdict() + ": " + share.reasons()));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("\nHow often the runs answer their own questions: of the throughput and p99 comparisons against the base listed ")
                .append("under \"Against\" below (requests of a mix each count), those that end in an answer — a claimed difference, ")
                .append("the same within ±min-effect, or failures that decide the line (which then stands for both figures). ")
                .append("Undecided ones need more trials; those without a verdict give their reason. Over all runs: ")
                .append(total.share()).append(".\n\n");
        MarkdownReport.table(md, List.of("run", "answered", "claimed", "the same", "by failures", "undecided", "no verdict"), rows);
    }

    /** What the machine limited: where the server, the services and the driver ran, per CPU layout used. */
    private static void limits(StringBuilder md, List<RunResults> runs) {
        md.append("## What the machine limited\n\n");
        Map<String, List<String>> byLayout = new TreeMap<>();
        for (RunResults r : runs) {
            CpuLayout layout = r.run().platform().cpuLayout();
            String cpus = r.run().platform().machine() == null ? "?" : r.run().platform().machine().getOrDefault("cpus", "?");
            List<RunHost> hosts = r.run().platform().hosts() == null ? List.of() : r.run().platform().hosts();
            String said = cpus + " CPUs (" + Objects.toString(r.run().platform().machine() == null ? null
                    : r.run().platform().machine().get("cpuModel"), "model not recorded") + "): "
                    + (layout == null ? "CPU layout not recorded" : layout.describe()
                    + (hosts.isEmpty() && layout.pinned() && Objects.equals(layout.sut(), layout.services())
                            ? " — the server shares its CPU with PostgreSQL and the brokers, so a figure of a server that "
                            + "waits on the database also measures the database's CPU" : ""))
                    + String.join("", hosts.stream().map(h -> "; host " + h.describe()).toList());
            byLayout.computeIfAbsent(said, s -> new ArrayList<>()).add("`" + name(r) + "`");
        }
        byLayout.forEach((layout, names) -> md.append("- ").append(layout).append(" (").append(String.join(", ", names)).append(")\n"));
        boolean anyHost = runs.stream().anyMatch(r -> r.run().platform().hosts() != null && !r.run().platform().hosts().isEmpty());
        md.append(anyHost ? "\nA run without a host above ran everything on one machine: the server, its backing services and the load driver; "
                + "a run with hosts ran its servers, or its services, where listed (a host's facts are as it reported them: a network "
                + "namespace on this machine reports this machine). "
                : "\nEverything ran on one machine: the server, its backing services and the load driver. ")
                .append("A server with more cores, the database on its own host, or a network between driver and server ")
                .append("would give other absolute figures; the ratios are what these runs can speak to.\n");
    }

    /**
     * "Re-run: `./lab run …`.", or, where the command named files outside the repo (a suite or hosts
     * file in /tmp), says so: a reader's clone has no such file, and the suite as run is in run.json.
     */
    static String rerun(String command) {
        List<String> outside = java.util.Arrays.stream(Objects.toString(command, "").split(" ")).filter(t -> t.startsWith("/")).toList();
        if (outside.isEmpty()) {
            return "Re-run: `" + command + "`.";
        }
        return "Made with " + (outside.size() == 1 ? "a file" : "files") + " outside the repo (" + String.join(", ", outside.stream()
                .map(t -> "`" + t + "`").toList()) + "): not re-run as recorded here; the suite as run is kept in its run.json (`suiteAsRun`).";
    }

    static String name(RunResults r) {
        return r.dir().toAbsolutePath().normalize().getFileName().toString();
    }

    private static String trials(RunResults r) {
        long ok = r.trials().stream().filter(TrialResult::ok).count();
        return ok == r.trials().size() ? r.trials().size() + " trials" : ok + " of " + r.trials().size() + " trials ok";
    }

    private static String wall(RunInfo run) {
        Optional<Duration> wall = run.progress().wallTime();
        if (wall.isEmpty()) {
            return "wall time not recorded (" + run.progress().status() + ")";
        }
        Duration d = wall.get();
        String parts = run.progress().parts() == null ? "" : " in " + run.progress().parts().size() + " parts";
        return String.format(Locale.ROOT, "%d min %02d s%s", d.toMinutes(), d.toSecondsPart(), parts);
    }

    /** The run's commit; a resumed run's parts' commits, each once, when they differ. */
    static String shortCommit(RunInfo run) {
        List<String> commits = new ArrayList<>();
        commits.add(run.platform().gitCommit());
        if (run.progress().parts() != null) {
            run.progress().parts().forEach(p -> commits.add(p.gitCommit()));
        }
        return String.join(", ", commits.stream().map(c -> c == null ? "?" : c.substring(0, Math.min(7, c.length()))).distinct().toList());
    }

    /** The day it started; a resumed run's, each day a part started on. */
    private static String day(RunInfo run) {
        List<String> starts = new ArrayList<>();
        starts.add(run.progress().started());
        if (run.progress().parts() != null) {
            run.progress().parts().forEach(p -> starts.add(p.started()));
        }
        return String.join(", ", starts.stream().map(d -> d == null ? "?" : d.substring(0, Math.min(10, d.length()))).distinct().toList());
    }

    private static String machine(RunInfo run) {
        Map<String, String> m = run.platform().machine();
        String first = m == null ? "?" : m.getOrDefault("cpus", "?") + " × " + m.getOrDefault("cpuModel", "?") + ", " + m.getOrDefault("kernel", "?");
        if (run.progress().parts() == null || m == null) {
            return first;
        }
        // a resumed run's later parts may have run on another CPU or kernel
        List<String> others = run.progress().parts().stream().map(p -> p.cpuModel() + ", " + p.kernel()).distinct()
                .filter(o -> !o.equals(m.getOrDefault("cpuModel", "?") + ", " + m.getOrDefault("kernel", "?"))).toList();
        return others.isEmpty() ? first : first + "; then " + String.join("; ", others);
    }
}
