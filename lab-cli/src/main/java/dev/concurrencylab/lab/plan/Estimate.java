package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.LoadModel;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What a plan will take, from the suite alone: how many trials, and how long their warm-ups and
 * windows run at the least and at the most. Everything else a trial costs (starting and stopping
 * its server, the services, reading back async work) is not in the suite: {@link #withOverhead}
 * adds it per trial, as measured on this machine. A counted window (N requests) is as long as the
 * server takes: it is in the range only at the lengths an earlier run measured for its variant and benchmark.
 *
 * @param minTrials  trials if every sequential benchmark stops at its first look; all of them for a fixed plan
 * @param maxTrials  every planned trial
 * @param least      warm-ups at their minimum and windows, over {@code minTrials}
 * @param most       warm-ups at their maximum and windows, over {@code maxTrials}
 * @param counted    planned trials and slices whose window is counted, not timed, and not measured before: not in the bounds
 * @param countedMeasured planned trials and slices whose counted window is in the bounds, at the lengths measured before
 * @param minLaunches servers started for {@code minTrials}
 * @param maxLaunches servers started for {@code maxTrials}
 */
public record Estimate(int minTrials, int maxTrials, Duration least, Duration most, int counted, int countedMeasured,
        int minLaunches, int maxLaunches) {

    /** A variant's trials of a benchmark. */
    public record Slot(String variant, String benchmark) {
    }

    /** The shortest and the longest a variant's windows of a benchmark took. */
    public record Span(Duration shortest, Duration longest) {

        public Span widen(Span other) {
            return new Span(shortest.compareTo(other.shortest) <= 0 ? shortest : other.shortest,
                    longest.compareTo(other.longest) >= 0 ? longest : other.longest);
        }
    }

    public static Estimate of(Plan plan) {
        return of(plan, Map.of());
    }

    /** @param measured by variant and benchmark, how long their windows took in an earlier run of the suite at the plan's scale */
    public static Estimate of(Plan plan, Map<Slot, Span> measured) {
        int rounds = plan.sequential() == null ? plan.trialsPerVariant()
                : Math.min(plan.trialsPerVariant(), dev.concurrencylab.lab.verdict.Sequential.FIRST_LOOK);
        int minTrials = 0;
        int counted = 0;
        int countedMeasured = 0;
        Duration least = Duration.ZERO;
        Duration most = Duration.ZERO;
        int minLaunches = 0;
        int maxLaunches = 0;
        for (int i = 0; i < plan.trials().size(); i++) {
            PlannedTrial t = plan.trials().get(i);
            boolean launch = plan.startsServer(i);
            maxLaunches += launch ? 1 : 0;
            Optional<Duration> window = t.load().plannedDuration();
            Span known = measured.get(new Slot(t.variant().name(), t.benchmark().name()));
            Span span;
            if (window.isPresent()) {
                span = new Span(window.get(), window.get());
            } else if (known != null) {
                span = known;
                countedMeasured++;
            } else {
                span = new Span(Duration.ZERO, Duration.ZERO);
                counted++;
            }
            most = most.plus(t.warmup().max()).plus(span.longest());
            if (t.repetition() <= rounds) {
                minTrials++;
                minLaunches += launch ? 1 : 0;
                least = least.plus(t.warmup().min()).plus(span.shortest());
            }
        }
        if (plan.pairing() != null) {
            // a paired block: each server warmed once per benchmark (the later ones from a warm JVM), then its slices; the A/A's server is priced as any
            // (a sequential suite's blocks may stop at the first look); a counted job's slice, as a counted trial, at the lengths measured before
            Pairing p = plan.pairing();
            int fewest = plan.sequential() == null ? p.blocks() : Math.min(p.blocks(), dev.concurrencylab.lab.verdict.Sequential.FIRST_LOOK);
            int perBlock = Pairing.servers(plan.variants().size());
            var warmup = plan.suite().warmup().at(plan.scale());
            for (int b = 0; b < plan.paired().size(); b++) {
                var benchmark = plan.paired().get(b);
                var rule = b == 0 ? warmup : Pairing.later(warmup);
                least = least.plus(rule.min().multipliedBy((long) perBlock * fewest));
                most = most.plus(rule.max().multipliedBy((long) perBlock * p.blocks()));
                Optional<Duration> window = benchmark.load().at(plan.scale()).sliced(p.slice()).flatMap(LoadModel::plannedDuration);
                for (int v = 0; v < plan.variants().size(); v++) {
                    var variant = plan.variants().get(v);
                    int servers = v == 0 ? 2 : 1; // the base's second launch: the A/A
                    long fewestSlices = (long) servers * p.cycles() * fewest;
                    long mostSlices = (long) servers * p.cycles() * p.blocks();
                    Span known = measured.get(new Slot(variant.name(), benchmark.name()));
                    Span span = window.map(w -> new Span(w, w)).orElse(known != null ? known : new Span(Duration.ZERO, Duration.ZERO));
                    if (window.isEmpty()) {
                        if (known != null) {
                            countedMeasured += (int) mostSlices;
                        } else {
                            counted += (int) mostSlices;
                        }
                    }
                    least = least.plus(p.settle().plus(span.shortest()).multipliedBy(fewestSlices));
                    most = most.plus(p.settle().plus(span.longest()).multipliedBy(mostSlices));
                }
            }
            minTrials += plan.sliceCount() / p.blocks() * fewest;
            minLaunches += perBlock * fewest;
            maxLaunches += plan.blockLaunches();
        }
        return new Estimate(minTrials, plan.trialCount(), least, most, counted, countedMeasured, minLaunches, maxLaunches);
    }

    /**
     * With what a launch and a trial cost here besides warm-ups and windows.
     *
     * @param perLaunch a server's start-up, for each server started
     * @param perTrial  the rest, for each trial
     */
    public Estimate withOverhead(Duration perLaunch, Duration perTrial) {
        return new Estimate(minTrials, maxTrials,
                least.plus(perLaunch.multipliedBy(minLaunches)).plus(perTrial.multipliedBy(minTrials)),
                most.plus(perLaunch.multipliedBy(maxLaunches)).plus(perTrial.multipliedBy(maxTrials)),
                counted, countedMeasured, minLaunches, maxLaunches);
    }

    /** The middle of the range, per trial: what the progress line's ETA starts from. */
    public Duration perTrial() {
        return least.plus(most).dividedBy(Math.max(1, minTrials + maxTrials));
    }
}
