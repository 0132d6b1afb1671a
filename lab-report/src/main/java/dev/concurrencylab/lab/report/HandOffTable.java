package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.FailureRates;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * E2's question beside the decision table: hand the work off (to an executor or a broker) or do it in
 * the request? Per test case with a {@code sync} benchmark and per stack, each hand-off's throughput
 * and p99 against {@code sync}'s on the same stack (hand-off ÷ sync, with the 95 % interval the
 * comparisons use), from the kept E2 run of fresh launches at the largest scale with two a side or
 * more; a hand-off that left work undone says so, since a fast answer for work not done is not fast.
 */
final class HandOffTable {

    static final String SUITE = "e2-async";
    static final List<String> STRATEGIES = List.of("async-simple", "async-pool", "rabbitmq", "kafka", "redis");
    /** E2 ran sync in its first two cases only. */
    static final List<String> CASES = List.of("case1", "case2");

    private HandOffTable() {
    }

    /** The run the table comes from; slices of different benchmarks are not paired, so a paired run is not one. */
    static Optional<RunResults> answering(List<RunResults> runs) {
        return runs.stream().filter(r -> r.run().definition().suite().equals(SUITE))
                .filter(r -> !r.run().definition().scale().equals("quick"))
                .filter(r -> r.variants().stream().anyMatch(v -> CASES.stream().anyMatch(c -> r.completed("sync-" + c, v).size() >= 2)))
                .filter(r -> !PairedVerdict.paired(r.trials("sync-" + CASES.getFirst(), r.variants().getFirst())))
                .max(Comparator.comparingInt((RunResults r) -> AnsweringRun.scaleRank(r.run().definition().scale()))
                        .thenComparing(r -> Objects.toString(r.run().progress().started(), "")));
    }

    /** @return the run it came from, when one could answer */
    static Optional<RunResults> render(StringBuilder md, List<RunResults> runs) {
        Optional<RunResults> answering = answering(runs);
        if (answering.isEmpty()) {
            return answering;
        }
        RunResults r = answering.get();
        md.append("### Handing work off instead of doing it in the request\n\n")
                .append("E2's question, per stack: each hand-off's throughput and p99 against doing the work in the request (`sync`) on the ")
                .append("same stack, as hand-off ÷ sync with its 95 % interval, marked as above (✓ better, ✗ worse); measured in [")
                .append(RunFacts.name(r)).append("](").append(RunFacts.report(r)).append("), ").append(r.run().definition().scale())
                .append(", ").append(RunFacts.machine(r.run())).append(", fresh launches (no A/A line). The answer comes back before the ")
                .append("work is done: a hand-off that left work undone in a trial says so.\n\n");
        List<String> headings = new ArrayList<>(List.of("case", "hand-off"));
        r.variants().forEach(v -> {
            headings.add(v + " throughput");
            headings.add(v + " p99");
        });
        List<List<String>> table = new ArrayList<>();
        for (String testCase : CASES) {
            String sync = "sync-" + testCase;
            for (String strategy : STRATEGIES) {
                String benchmark = strategy + "-" + testCase;
                if (r.variants().stream().allMatch(v -> r.trials(benchmark, v).isEmpty())) {
                    continue;
                }
                List<String> cells = new ArrayList<>(List.of(testCase, strategy));
                for (String variant : r.variants()) {
                    List<TrialResult> trials = r.trials(benchmark, variant);
                    List<TrialResult> base = r.trials(sync, variant);
                    long undone = trials.stream().filter(t -> t.outcome().flags().contains(Flag.WORK_NOT_COMPLETED)).count();
                    String link = "(" + RunFacts.report(r) + "#" + benchmark + ")";
                    // failures past the run's bar decide both figures, as in the decision table's failures column
                    Optional<String> failed = trials.isEmpty() || base.isEmpty() || !FailureRates.decide(trials, base, r.rules()) ? Optional.empty()
                            : Optional.of("[" + DecisionTable.failureCell(FailureRates.compare(strategy, trials, "sync", base, r.rules())) + "]" + link);
                    for (Figure f : List.of(Figure.THROUGHPUT, Figure.P99)) {
                        String cell = trials.isEmpty() || base.isEmpty() ? "–" : failed.orElseGet(
                                () -> "[" + DecisionTable.cell(Verdict.of(f, strategy, trials, "sync", base, r.rules())) + "]" + link);
                        cells.add(undone == 0 ? cell : cell + " · work undone in " + undone + " of " + trials.size());
                    }
                }
                table.add(cells);
            }
        }
        MarkdownReport.table(md, headings, table);
        md.append("\n");
        return answering;
    }
}
