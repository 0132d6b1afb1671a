package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.Published;
import dev.concurrencylab.lab.result.RunResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The originals' claims beside ours, one table per experiment: each published ratio with the figures it
 * comes from, as theirs, beside the ratio measured here with its 95 % interval and the claim's verdict.
 * One kept run speaks for an experiment — the one that measured most of its claims at two launches a side
 * or more, then the largest scale, then the latest — and its report holds the full section.
 */
final class ReproductionTables {

    private ReproductionTables() {
    }

    static void render(StringBuilder md, List<RunResults> runs) {
        Map<String, List<RunResults>> byExperiment = byExperiment(runs);
        if (byExperiment.isEmpty()) {
            return;
        }
        md.append("## The originals' claims beside ours\n\n")
                .append("Each original's published ratios, with the figures they come from (theirs: their hardware and tools), ")
                .append("beside the ratio measured here with its 95 % interval, from the kept run of that experiment that measured most ")
                .append("of its claims at two launches a side or more. What each verdict means: ")
                .append("[experiments](experiments.md#reading-the-reproduction-section).\n\n");
        byExperiment.values().forEach(experimentRuns -> table(md, speaking(experimentRuns)));
    }

    /** The runs of each experiment an original published, by its name (E0, E1, …). */
    static Map<String, List<RunResults>> byExperiment(List<RunResults> runs) {
        Map<String, List<RunResults>> byExperiment = new TreeMap<>();
        runs.forEach(r -> r.published().ifPresent(p -> byExperiment.computeIfAbsent(p.experiment(), e -> new ArrayList<>()).add(r)));
        return byExperiment;
    }

    /** The run that speaks for an experiment. */
    static RunResults speaking(List<RunResults> runs) {
        return runs.stream().max(Comparator.comparingLong(ReproductionTables::claimsWithIntervals)
                .thenComparingInt(r -> switch (r.run().definition().scale()) {
                    case "full" -> 2;
                    case "standard" -> 1;
                    default -> 0;
                })
                .thenComparing(r -> Objects.toString(r.run().progress().started(), ""))).orElseThrow();
    }

    private static long claimsWithIntervals(RunResults r) {
        Published p = r.published().orElseThrow();
        return p.comparisons().stream().filter(c -> r.completed(c.of().benchmark(), c.of().variant()).size() >= 2
                && r.completed(c.over().benchmark(), c.over().variant()).size() >= 2).count();
    }

    private static void table(StringBuilder md, RunResults r) {
        Published p = r.published().orElseThrow();
        Table claims = ReproductionSection.of(p, r).tables().getFirst();
        md.append("**").append(p.experiment()).append("** (").append(p.tool()).append("; ").append(p.hardware()).append("), measured in [")
                .append(RunFacts.name(r)).append("](").append(RunFacts.report(r)).append("#reproduction-of-")
                .append(p.experiment().toLowerCase(java.util.Locale.ROOT)).append("), ").append(r.run().definition().scale()).append(", ")
                .append(RunFacts.machine(r.run())).append("\n\n");
        List<List<String>> rows = claims.rows().stream().map(row -> List.of(row.get(0), row.get(1), row.get(2), row.get(3), brief(row.get(4))))
                .toList();
        MarkdownReport.table(md, List.of("figure", "ratio", "theirs", "ours (95 % CI)", "verdict"), rows);
        md.append("\n");
    }

    /** A verdict without its evidence, which the run's report gives: "fails more than X", "no verdict: 1 and 1 trial(s) give no interval". */
    static String brief(String verdict) {
        String said = verdict.startsWith("no verdict: ")
                ? "no verdict: " + verdict.substring("no verdict: ".length()).split("; ")[0]
                : verdict.split(": ")[0];
        int evidence = said.indexOf(" (");
        return evidence < 0 ? said : said.substring(0, evidence);
    }
}
