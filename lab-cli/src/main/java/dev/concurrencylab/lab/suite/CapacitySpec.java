package dev.concurrencylab.lab.suite;

import java.time.Duration;

/**
 * How {@code lab capacity} searches a suite: the open-model rates it may offer and the objective a
 * rate must meet. The suite's first benchmark gives the request, the checks and, through its
 * open-rate load, each step's length and session pool.
 *
 * @param startRate    the first rate offered (requests per second)
 * @param growth       factor between rising steps (1.25: +25 %)
 * @param maxRate      rising stops here; a pass there is a lower bound only
 * @param closeEnough  narrowing stops when lowest miss / highest pass is at most this
 * @param maxSteps     no variant's search runs more steps
 * @param p99          the objective's bound on p99 response time
 * @param maxErrorRate the objective's bound on errors / attempts
 */
public record CapacitySpec(Scaled<Double> startRate, double growth, double maxRate, double closeEnough,
        Scaled<Integer> maxSteps, Duration p99, double maxErrorRate) {
}
