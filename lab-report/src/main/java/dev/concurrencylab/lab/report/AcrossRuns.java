package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The findings' "Across runs" part of a suite measured more than once: each comparison's verdict
 * per run, and what the lab concludes from them together, since one run's verdict can be its day's.
 */
final class AcrossRuns {

    private AcrossRuns() {
    }

    /**
     * The same comparison in each run of a suite, side by side, and where the answer moved between
     * runs, which runs said what: a verdict that moves between runs of one command is a finding in itself.
     */
    static void render(StringBuilder md, List<RunResults> runs) {
        record Key(String benchmark, String variant, String base, Figure figure) {
        }
        Map<Key, Map<String, Verdict>> said = new LinkedHashMap<>();
        // The base's cost per answer in each run: the same code's, so it tells how fast each run's machine ran it.
        Map<String, String> baseCost = new LinkedHashMap<>();
        for (RunResults r : runs) {
            List<String> variants = r.variants();
            if (variants.isEmpty()) {
                continue;
            }
            String base = variants.getFirst();
            ExperimentTable table = ExperimentTable.forSuite(r.run().definition().suite());
            for (String benchmark : r.benchmarks()) {
                for (String variant : variants.subList(1, variants.size())) {
                    List<TrialResult> trials = r.trials(benchmark, variant);
                    List<TrialResult> baseTrials = r.trials(benchmark, base);
                    if (trials.isEmpty() || baseTrials.isEmpty()) {
                        continue;
                    }
                    Spread cost = Spread.of(Figure.CPU_PER_1K, baseTrials);
                    baseCost.put(benchmark + "/" + Findings.name(r), cost == null ? "–" : cost.text());
                    for (Figure f : table.verdictFigures().stream().filter(f -> f == Figure.THROUGHPUT || f == Figure.P99).toList()) {
                        said.computeIfAbsent(new Key(benchmark, variant, base, f), k -> new LinkedHashMap<>())
                                .put(Findings.name(r), Verdict.reported(f, variant, trials, base, baseTrials, r.rules()));
                    }
                }
            }
        }
        md.append("### Across runs\n\n");
        List<List<String>> rows = new ArrayList<>();
        List<String> moved = new ArrayList<>();
        List<String> concluded = new ArrayList<>();
        Map<String, RunResults> byName = new LinkedHashMap<>();
        runs.forEach(r -> byName.put(Findings.name(r), r));
        for (Map.Entry<Key, Map<String, Verdict>> e : said.entrySet()) {
            Key k = e.getKey();
            e.getValue().forEach((run, v) -> rows.add(List.of(k.benchmark(), k.variant() + " / " + k.base(), k.figure().label(), "`" + run + "`",
                    v.interval() == null ? "–" : String.format(Locale.ROOT, "%.2f (%s)", v.interval().ratio(),
                            v.interval().ends(x -> String.format(Locale.ROOT, "%.2f", x))),
                    v.kind().name().toLowerCase(Locale.ROOT).replace('_', ' '), baseCost.getOrDefault(k.benchmark() + "/" + run, "–"))));
            if (e.getValue().size() > 1) {
                concluded.add(conclusion(k.benchmark() + ", " + k.figure().label() + " of " + k.variant() + " against " + k.base(),
                        e.getValue(), byName, k.benchmark()));
            }
            if (e.getValue().values().stream().map(Verdict::kind).distinct().count() > 1) {
                moved.add(String.format(Locale.ROOT, "%s, %s of %s against %s: %s", k.benchmark(), k.figure().label(), k.variant(), k.base(),
                        String.join("; ", e.getValue().entrySet().stream().map(x -> "`" + x.getKey() + "` " + x.getValue().text()).toList())));
            }
        }
        if (rows.isEmpty()) {
            md.append("No comparison was measured in more than one run.\n\n");
            return;
        }
        MarkdownReport.table(md, List.of("benchmark", "ratio", "figure", "run", "ratio (interval)", "verdict",
                "the base's server CPU per 1,000 answers (ms)"), rows);
        md.append("\nRatio of the first variant's geometric mean over the second's, with the 95 % interval each run's report gives "
                + "(Welch's t on log-values over trials). The last column is the base variant's own cost in that run: the same "
                + "code at the same load, so where it differs between runs of one commit's servers, the machine ran that code at "
                + "a different speed that day (the runs table gives each run's kernel build and date).\n\n");
        if (!concluded.isEmpty()) {
            md.append("What the lab concludes from these runs, comparison by comparison: a claim holds for the lab only where "
                    + "at least two runs answered and every run that answered agrees; where they disagree, what differs between "
                    + "those runs, each with its figure:\n\n");
            concluded.forEach(c -> md.append("- ").append(c).append("\n"));
            md.append("\n");
        }
        if (moved.isEmpty()) {
            md.append("Every comparison got the same kind of verdict in every run.\n\n");
        } else {
            md.append("Where the verdict moved between runs (each run's machine, commit and spread are above; the runs differ in "
                    + "their launches and their day's machine, not in the code under test when the commits match):\n\n");
            moved.forEach(m -> md.append("- ").append(m).append("\n"));
            md.append("\n");
        }
    }

    /**
     * One comparison over runs: concluded where the runs that answered agree, "depends on the run"
     * with what differs between the runs that disagree — two claims apart, or two intervals that leave
     * each other out (scale, CPU model, window length, commit, and the base's own cost per answer,
     * which shows a machine's speed) — or no answer in any run.
     */
    private static String conclusion(String what, Map<String, Verdict> byRun, Map<String, RunResults> runs, String benchmark) {
        Map<String, Verdict> answered = new LinkedHashMap<>();
        byRun.forEach((run, v) -> {
            if (v.kind() == Verdict.Kind.BETTER || v.kind() == Verdict.Kind.WORSE || v.kind() == Verdict.Kind.DIFFERENT
                    || v.kind() == Verdict.Kind.SAME) {
                answered.put(run, v);
            }
        });
        Map<String, Verdict> apart = apart(byRun);
        if (!apart.isEmpty()) {
            return dependsOn(what, apart, runs, benchmark);
        }
        if (answered.isEmpty()) {
            return what + ": **no answer in any run** (" + byRun.size() + " runs: undecided or no verdict)";
        }
        boolean agree = answered.values().stream().map(AcrossRuns::answer).distinct().count() == 1;
        List<String> quiet = byRun.keySet().stream().filter(r -> !answered.containsKey(r)).map(r -> "`" + r + "`").toList();
        if (agree) {
            Map.Entry<String, Verdict> first = answered.entrySet().iterator().next();
            String label = answered.size() > 1 ? "**concluded**" : "**one run answers**";
            return what + ": " + label + " — " + first.getValue().text() + " in `" + first.getKey() + "`"
                    + (answered.size() > 1 ? ", the same way in " + String.join(", ", answered.keySet().stream().skip(1).map(r -> "`" + r + "`").toList()) : "")
                    + (quiet.isEmpty() ? "" : "; no answer in " + String.join(", ", quiet));
        }
        return dependsOn(what, answered, runs, benchmark);
    }

    /** A claim's side of 1, or "same": what two runs must share to agree. */
    private static String answer(Verdict v) {
        return v.kind() == Verdict.Kind.SAME ? "same" : v.interval().ratio() > 1 ? "up" : "down";
    }

    /**
     * Runs whose intervals lie apart, unless both claim the same side: a claim beside an undecided run whose interval
     * leaves the claim's out (0.78, 0.73–0.84 at one scale; 0.99, 0.92–1.06 at another) disagree, though only one answered.
     */
    private static Map<String, Verdict> apart(Map<String, Verdict> byRun) {
        List<Map.Entry<String, Verdict>> measured = byRun.entrySet().stream().filter(x -> x.getValue().interval() != null
                && x.getValue().kind() != Verdict.Kind.NO_VERDICT).toList();
        Map<String, Verdict> apart = new LinkedHashMap<>();
        for (int i = 0; i < measured.size(); i++) {
            for (int j = i + 1; j < measured.size(); j++) {
                Verdict a = measured.get(i).getValue();
                Verdict b = measured.get(j).getValue();
                boolean disjoint = a.interval().high() < b.interval().low() || b.interval().high() < a.interval().low();
                boolean sameClaim = a.kind() != Verdict.Kind.UNDECIDED && b.kind() != Verdict.Kind.UNDECIDED && answer(a).equals(answer(b));
                if (disjoint && !sameClaim) {
                    apart.put(measured.get(i).getKey(), a);
                    apart.put(measured.get(j).getKey(), b);
                }
            }
        }
        return apart;
    }

    /** "depends on the run": what each of {@code those} runs said, and what differs between them. */
    private static String dependsOn(String what, Map<String, Verdict> answered, Map<String, RunResults> runs, String benchmark) {
        List<String> differs = new ArrayList<>();
        List<RunResults> those = answered.keySet().stream().map(runs::get).toList();
        addIfDiffers(differs, "scale", those.stream().map(r -> r.run().definition().scale()).toList());
        addIfDiffers(differs, "CPU", those.stream().map(r -> r.run().platform().machine() == null ? "?"
                : r.run().platform().machine().getOrDefault("cpuModel", "?")).toList());
        addIfDiffers(differs, "window (s)", those.stream().map(r -> {
            Spread w = Spread.of(Figure.WINDOW, r.trials().stream().filter(t -> t.identity().benchmark().equals(benchmark)).toList());
            return w == null ? "?" : Numbers.format(w.median());
        }).toList());
        addIfDiffers(differs, "commit", those.stream().map(r -> Findings.shortCommit(r.run())).toList());
        addIfDiffers(differs, "the base's server CPU per 1,000 answers (ms)", those.stream().map(r -> {
            Spread c = Spread.of(Figure.CPU_PER_1K, r.trials(benchmark, r.variants().getFirst()));
            return c == null ? "–" : Numbers.format(c.median());
        }).toList());
        return what + ": **depends on the run** — " + String.join("; ", answered.entrySet().stream()
                .map(x -> "`" + x.getKey() + "` " + x.getValue().text()).toList())
                + ". Those runs differ in " + (differs.isEmpty() ? "nothing the lab records but their launches and day" : String.join(", ", differs));
    }

    private static void addIfDiffers(List<String> differs, String what, List<String> values) {
        if (values.stream().distinct().count() > 1) {
            differs.add(what + " (" + String.join(" / ", values) + ")");
        }
    }
}
