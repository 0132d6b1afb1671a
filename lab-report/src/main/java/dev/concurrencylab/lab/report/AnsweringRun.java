package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which kept run answers a kind of work in the decision table. A paired design's run wherever one
 * measured it: its slices of live servers, seconds apart, take out the host's drift that fresh
 * launches minutes apart carry, and its A/A line shows whether its intervals hold. Among paired runs,
 * or failing one among fresh runs, the largest scale, then the latest.
 */
final class AnsweringRun {

    /** A run with one of the question's benchmarks, and which. */
    record Answer(RunResults run, DecisionTable.Source source) {

        boolean paired() {
            return PairedVerdict.paired(run.trials(source.benchmark(), run.variants().getFirst()));
        }
    }

    private AnsweringRun() {
    }

    static Optional<Answer> of(List<RunResults> runs, DecisionTable.Question q) {
        List<Answer> measured = candidates(runs, q);
        List<Answer> paired = measured.stream().filter(Answer::paired).toList();
        return (paired.isEmpty() ? measured : paired).stream().max(Comparator.comparingInt((Answer a) -> scaleRank(a.run().run().definition().scale()))
                .thenComparing(a -> Objects.toString(a.run().run().progress().started(), "")));
    }

    /**
     * Every run that could answer the question: one of its benchmarks against a base with two launches or more (a run of
     * one launch a side, E2 and E4 at full as their originals ran, gives no interval), fresh at standard scale or more,
     * or paired at any scale: a quick run is smoke in the fresh design, but paired its slices give an interval of their own.
     */
    static List<Answer> candidates(List<RunResults> runs, DecisionTable.Question q) {
        return q.sources().stream().flatMap(s -> runs.stream()
                .filter(r -> r.run().definition().suite().equals(s.suite()))
                .filter(r -> r.variants().size() > 1 && r.completed(s.benchmark(), r.variants().getFirst()).size() >= 2)
                .map(r -> new Answer(r, s))
                .filter(a -> a.paired() || !a.run().run().definition().scale().equals("quick"))).toList();
    }

    static int scaleRank(String scale) {
        return switch (scale) {
            case "full" -> 2;
            case "standard" -> 1;
            default -> 0;
        };
    }
}
