package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.TrialIdentity;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a resumed run's earlier parts decided, read from the trials they wrote rather than decided
 * again: a sequential benchmark whose next round they passed over was stopped there, and a round
 * they began goes on. The code resuming may judge differently from the code that ran (a newer
 * verdict rule), and a run must go on as it was run, or its trial numbers stop matching its plan.
 *
 * @param stoppedAfter benchmark → the rounds it ran before the earlier parts stopped it
 * @param roundsBegun  benchmark → the last round the earlier parts began
 */
public record EarlierPart(Map<String, Integer> stoppedAfter, Map<String, Integer> roundsBegun) {

    /**
     * Walks the plan beside {@code earlier}, in run order: each earlier trial is the plan's next one
     * not passed over, or the trials are not this plan's and the run cannot go on.
     */
    public static EarlierPart of(Plan plan, List<TrialIdentity> written) {
        // a paired benchmark's slices follow the fresh design's trials in blocks of their own (Blocks goes on after the last begun)
        List<TrialIdentity> earlier = written.stream().filter(t -> t.slice() == null).toList();
        Map<String, Integer> stopped = new HashMap<>();
        Map<String, Integer> begun = new HashMap<>();
        int next = 0;
        for (PlannedTrial planned : plan.trials()) {
            if (next == earlier.size()) {
                break;
            }
            String benchmark = planned.benchmark().name();
            if (stopped.containsKey(benchmark)) {
                continue;
            }
            TrialIdentity was = earlier.get(next);
            if (was.variant().equals(planned.variant().name()) && was.benchmark().equals(benchmark) && was.repetition() == planned.repetition()) {
                begun.merge(benchmark, planned.repetition(), Math::max);
                next++;
                continue;
            }
            // passed over while later trials were run: stopped between rounds, which only a sequential plan does,
            // and only before a round none of whose trials ran
            int round = planned.repetition();
            boolean ranLater = earlier.subList(next, earlier.size()).stream()
                    .anyMatch(t -> t.benchmark().equals(benchmark) && t.repetition() >= round);
            if (plan.sequential() == null || round == 1 || ranLater || begun.getOrDefault(benchmark, 0) >= round) {
                throw notThisPlan(was, planned);
            }
            stopped.put(benchmark, round - 1);
        }
        if (next < earlier.size()) {
            TrialIdentity was = earlier.get(next);
            throw new SuiteException(String.format("trial %d of the run (%s · %s · trial %d) is not in this plan", was.number(), was.variant(),
                    was.benchmark(), was.repetition()));
        }
        return new EarlierPart(Map.copyOf(stopped), Map.copyOf(begun));
    }

    private static SuiteException notThisPlan(TrialIdentity was, PlannedTrial planned) {
        return new SuiteException(String.format("trial %d of the run is %s · %s · trial %d, where this plan has %s · %s · trial %d",
                was.number(), was.variant(), was.benchmark(), was.repetition(), planned.variant().name(), planned.benchmark().name(), planned.repetition()));
    }
}
