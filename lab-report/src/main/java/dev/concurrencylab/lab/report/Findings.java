package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.result.RunHost;
import dev.concurrencylab.lab.result.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The lab's own write-up, {@code docs/findings.md}, the page a team decides from: the answer per kind
 * of work with when it would flip, the originals' claims beside ours, the runs it rests on and what the
 * machine limited. Each run's own figures, comparisons and Why lines stay in its report, which every
 * figure here links to. A pure function of the results directories it is given, so rendering the same
 * ones again gives the same text.
 */
public final class Findings {

    private Findings() {
    }

    /** Renders the write-up from results directories; their order in the file is by suite, then by start time. */
    public static String render(List<Path> dirs) {
        List<RunResults> runs = dirs.stream().map(RunResults::read)
                .sorted(Comparator.comparing((RunResults r) -> r.run().definition().suite())
                        .thenComparing(r -> Objects.toString(r.run().progress().started(), ""))
                        .thenComparing(RunFacts::name))
                .toList();
        StringBuilder md = new StringBuilder();
        md.append("# Findings: what the lab measured on its own machine\n\n")
                .append("Rendered by `./lab findings` from the results directories in [the runs](#the-runs) and nothing else; rendering ")
                .append("the same directories again gives this file again. Every figure here was measured in those runs and links to ")
                .append("the run's report, which has the rest; the originals' figures appear only beside their claims, as theirs. ")
                .append("How each figure is measured: [methodology](methodology.md); what each suite runs: [experiments](experiments.md).\n\n");
        List<DecisionTable.Row> answers = DecisionTable.render(md, runs);
        Optional<RunResults> handOffs = HandOffTable.render(md, runs);
        ReproductionTables.render(md, runs);
        RunsTable.render(md, runs, use(runs, answers, handOffs));
        limits(md, runs);
        return md.toString();
    }

    /** Draws the decision table's chart into {@code findingsFile}'s folder, where the findings link it. */
    public static void writeChart(List<Path> dirs, Path findingsFile) throws IOException {
        Path file = findingsFile.toAbsolutePath().getParent().resolve(DecisionTable.CHART);
        Files.createDirectories(file.getParent());
        PngCharts.write(DecisionTable.chart(dirs.stream().map(RunResults::read).toList()), file);
    }

    /** What each run gives this page: the answer to a kind of work, an experiment's claims, or both. */
    private static Map<RunResults, String> use(List<RunResults> runs, List<DecisionTable.Row> answers, Optional<RunResults> handOffs) {
        Map<RunResults, List<String>> uses = new IdentityHashMap<>();
        java.util.stream.Stream.concat(answers.stream().map(DecisionTable.Row::run), handOffs.stream()).distinct()
                .forEach(r -> uses.computeIfAbsent(r, k -> new ArrayList<>()).add("the answer"));
        ReproductionTables.byExperiment(runs).forEach((experiment, those) -> uses.computeIfAbsent(ReproductionTables.speaking(those), k -> new ArrayList<>())
                .add(experiment + "'s claims"));
        Map<RunResults, String> said = new IdentityHashMap<>();
        uses.forEach((r, u) -> said.put(r, String.join(", ", u)));
        return said;
    }

    /** What the machine limited: where the server, the services and the driver ran, per CPU layout used. */
    private static void limits(StringBuilder md, List<RunResults> runs) {
        md.append("\n## What the machine limited\n\n");
        Map<String, List<String>> byLayout = new TreeMap<>();
        for (RunResults r : runs) {
            CpuLayout layout = r.run().platform().cpuLayout();
            List<RunHost> hosts = r.run().platform().hosts() == null ? List.of() : r.run().platform().hosts();
            String said = RunFacts.machine(r.run()) + ": "
                    + (layout == null ? "CPU layout not recorded" : layout.describe()
                    + (hosts.isEmpty() && layout.pinned() && Objects.equals(layout.sut(), layout.services())
                            ? " — the server shares its CPU with PostgreSQL and the brokers, so a figure of a server that "
                            + "waits on the database also measures the database's CPU" : ""))
                    + String.join("", hosts.stream().map(h -> "; host " + h.describe()).toList());
            byLayout.computeIfAbsent(said, s -> new ArrayList<>()).add("`" + RunFacts.name(r) + "`");
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
}
