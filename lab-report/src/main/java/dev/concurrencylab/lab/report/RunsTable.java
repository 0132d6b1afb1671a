package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The kept runs, one line each, linked to their reports, where every figure of a run is: what ran, where
 * and when, which part of this page each one gives, where its wall time went, and how many of its own
 * questions it answered.
 */
final class RunsTable {

    private RunsTable() {
    }

    /** {@code use} says what a run gives this page (the answer, an experiment's claims); a run cited by other pages gives none. */
    static void render(StringBuilder md, List<RunResults> runs, Map<RunResults, String> use) {
        md.append("## The runs\n\n")
                .append("Every figure above comes from these results directories; each run's report has its figures with their spread, ")
                .append("every comparison against the base and the Why lines. A run used for nothing on this page is evidence cited by ")
                .append("a page of the methodology or the experiments.\n\n");
        List<List<String>> rows = new ArrayList<>();
        for (RunResults r : runs) {
            var run = r.run();
            rows.add(List.of("[" + RunFacts.name(r) + "](" + RunFacts.report(r) + ")", run.definition().suite(), run.definition().scale(),
                    design(r), RunFacts.trials(r), Objects.toString(run.definition().stopping(), "fixed").split(":")[0], RunFacts.wall(run),
                    RunFacts.shortCommit(run), RunFacts.day(run), RunFacts.machine(run), use.getOrDefault(r, "–")));
        }
        MarkdownReport.table(md, List.of("run", "suite", "scale", "design", "trials", "trial count", "wall time", "commit", "started",
                "machine", "on this page"), rows);
        timeSpent(md, runs);
        answered(md, runs);
    }

    /** Paired where its benchmarks ran in slices of live servers, fresh where each trial had its own launch. */
    private static String design(RunResults r) {
        String base = r.variants().isEmpty() ? "" : r.variants().getFirst();
        List<Boolean> paired = r.benchmarks().stream().map(b -> PairedVerdict.paired(r.trials(b, base))).distinct().toList();
        return paired.size() > 1 ? "paired and fresh" : paired.contains(true) ? "paired" : "fresh";
    }

    /** Where each run's wall time went, from its trial records: what sizing a scale has to work with. */
    private static void timeSpent(StringBuilder md, List<RunResults> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (RunResults r : runs) {
            TimeSpent spent = TimeSpent.of(r);
            if (spent != null) {
                List<String> row = new ArrayList<>(List.of("`" + RunFacts.name(r) + "`"));
                row.addAll(spent.cells());
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("\nWhere each run's time went, summed over its trials' records (a part's share of the wall time in brackets): ")
                .append("server start-ups to the first good answer; warm-ups, each until the server was steady and its JIT quiet ")
                .append("(docs/methodology.md) — a paired run's are its slices' settles and its blocks' warm-ups, which runs before 2026-12-07 ")
                .append("did not record (theirs are in the rest); the measured windows with a timed window's wait for its last answers; and the rest: ")
                .append("starting the services, stopping each server, reading handed-off work back, writing the records.\n\n");
        MarkdownReport.table(md, TimeSpent.headings(), rows);
    }

    /**
     * How many of each run's throughput and p99 comparisons end in an answer, and why the others do not: the share
     * of its own questions the lab answers, and what stands in the way of the rest.
     */
    private static void answered(StringBuilder md, List<RunResults> runs) {
        List<List<String>> rows = new ArrayList<>();
        AnswerShare total = AnswerShare.of(List.of());
        for (RunResults r : runs) {
            AnswerShare share = AnswerShare.of(ReportContent.of(r).sections());
            if (share.comparisons() == 0) {
                continue;
            }
            total = total.plus(share);
            rows.add(List.of("`" + RunFacts.name(r) + "`", share.share(), Integer.toString(share.claimed()), Integer.toString(share.same()),
                    Integer.toString(share.byFailures()), Integer.toString(share.undecided()),
                    share.withoutVerdict() == 0 ? "0" : share.withoutVerdict() + ": " + share.reasons()));
        }
        if (rows.isEmpty()) {
            return;
        }
        md.append("\nHow often the runs answer their own questions: of the throughput and p99 comparisons against the base in each ")
                .append("run's report (requests of a mix each count), those that end in an answer — a claimed difference, ")
                .append("the same within ±min-effect, or failures that decide the line (which then stands for both figures). ")
                .append("Undecided ones need more trials; those without a verdict give their reason. Over all runs: ")
                .append(total.share()).append(".\n\n");
        MarkdownReport.table(md, List.of("run", "answered", "claimed", "the same", "by failures", "undecided", "no verdict"), rows);
    }
}
