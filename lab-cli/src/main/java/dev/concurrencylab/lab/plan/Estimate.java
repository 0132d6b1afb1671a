package dev.concurrencylab.lab.plan;

import java.time.Duration;
import java.util.Optional;

/**
 * What a plan will take, from the suite alone: how many trials, and how long their warm-ups and
 * windows run at the least and at the most. Everything else a trial costs (starting and stopping
 * its server, the services, reading back async work) is not in the suite: {@link #withOverhead}
 * adds it per trial, as measured on this machine.
 *
 * @param minTrials  trials if every sequential benchmark stops at its first look; all of them for a fixed plan
 * @param maxTrials  every planned trial
 * @param least      warm-ups at their minimum and windows, over {@code minTrials}
 * @param most       warm-ups at their maximum and windows, over {@code maxTrials}
 * @param counted    planned trials whose window is counted, not timed: as long as the server takes, not in the bounds
 */
public record Estimate(int minTrials, int maxTrials, Duration least, Duration most, int counted) {

    public static Estimate of(Plan plan) {
        int rounds = plan.sequential() == null ? plan.trialsPerVariant()
                : Math.min(plan.trialsPerVariant(), dev.concurrencylab.lab.verdict.Sequential.FIRST_LOOK);
        int minTrials = 0;
        int counted = 0;
        Duration least = Duration.ZERO;
        Duration most = Duration.ZERO;
        for (PlannedTrial t : plan.trials()) {
            Optional<Duration> window = t.load().plannedDuration();
            if (window.isEmpty()) {
                counted++;
            }
            Duration w = window.orElse(Duration.ZERO);
            most = most.plus(t.warmup().max()).plus(w);
            if (t.repetition() <= rounds) {
                minTrials++;
                least = least.plus(t.warmup().min()).plus(w);
            }
        }
        return new Estimate(minTrials, plan.trialCount(), least, most, counted);
    }

    /** With {@code perTrial} more for each trial: what a trial cost here besides its warm-up and window. */
    public Estimate withOverhead(Duration perTrial) {
        return new Estimate(minTrials, maxTrials, least.plus(perTrial.multipliedBy(minTrials)), most.plus(perTrial.multipliedBy(maxTrials)), counted);
    }

    /** The middle of the range, per trial: what the progress line's ETA starts from. */
    public Duration perTrial() {
        return least.plus(most).dividedBy(Math.max(1, minTrials + maxTrials));
    }
}
