package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.verdict.Sequential;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sequential plan's rounds: before a benchmark's next round, whether the rounds so far decided
 * it. Asked once per benchmark and round, from the trials this run wrote; the base is the plan's
 * first variant, as in the report. A resumed run's earlier parts decided the rounds they reached
 * ({@link EarlierPart}): those are kept, not asked again.
 */
final class Rounds {

    private final Plan plan;
    private final Session session;
    private final Progress progress;
    private final String base;
    /** Benchmark → the round after which it was decided. */
    private final Map<String, Integer> decidedAfter = new HashMap<>();
    /** Benchmark → the last round looked at. */
    private final Map<String, Integer> looked = new HashMap<>();

    Rounds(Plan plan, Session session, Progress progress, EarlierPart earlier) {
        this.plan = plan;
        this.session = session;
        this.progress = progress;
        this.base = plan.trials().isEmpty() ? "" : plan.trials().getFirst().variant().name();
        // a round begun was looked at before it: the decision after it is still to take
        earlier.roundsBegun().forEach((benchmark, round) -> looked.put(benchmark, round - 1));
        earlier.stoppedAfter().forEach((benchmark, round) -> {
            looked.put(benchmark, round);
            decidedAfter.put(benchmark, round);
            long left = left(benchmark, round);
            progress.skip((int) left);
            progress.note(String.format("lab: %s was decided after %d round(s) in the run's earlier part; its %d remaining trial(s) are not run",
                    benchmark, round, left));
        });
    }

    /** True when {@code trial} need not run: its benchmark was decided in an earlier round. */
    boolean decided(PlannedTrial trial) {
        Sequential rule = plan.sequential();
        if (rule == null) {
            return false;
        }
        String benchmark = trial.benchmark().name();
        int round = trial.repetition() - 1;
        if (!decidedAfter.containsKey(benchmark) && looked.getOrDefault(benchmark, 0) < round) {
            looked.put(benchmark, round);
            if (rule.decided(byVariant(benchmark, round), base, round, plan.suite().rules())) {
                decidedAfter.put(benchmark, round);
                long left = left(benchmark, round);
                progress.skip((int) left);
                progress.note(round < rule.maxTrials()
                        ? String.format("lab: %s decided after %d round(s): every variant against %s on throughput and p99; "
                                + "its %d remaining trial(s) are not run", benchmark, round, base, left)
                        : String.format("lab: %s ends after %d round(s): every comparison decided or at its last look (round %d, "
                                + "%d where a variant's launches fell in two groups); its %d remaining trial(s) are not run",
                                benchmark, round, rule.maxTrials(), rule.splitTrials(), left));
            }
        }
        return decidedAfter.containsKey(benchmark) && round >= decidedAfter.get(benchmark);
    }

    private long left(String benchmark, int round) {
        return plan.trials().stream().filter(t -> t.benchmark().name().equals(benchmark) && t.repetition() > round).count();
    }

    /** The benchmark's trials of rounds up to {@code round}: a resumed run may have later ones already. */
    private Map<String, List<TrialResult>> byVariant(String benchmark, int round) {
        Map<String, List<TrialResult>> trials = new LinkedHashMap<>();
        for (Variant v : plan.trials().stream().map(PlannedTrial::variant).distinct().toList()) {
            trials.put(v.name(), session.written().stream()
                    .filter(t -> t.identity().benchmark().equals(benchmark) && t.identity().variant().equals(v.name())
                            && t.identity().repetition() <= round).toList());
        }
        return trials;
    }
}
