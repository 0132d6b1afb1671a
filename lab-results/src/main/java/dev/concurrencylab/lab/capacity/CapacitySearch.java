package dev.concurrencylab.lab.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Finds the highest open-model arrival rate that meets an {@link Slo}: rising steps (each a set
 * factor above the last) until the first miss, then steps between the highest pass and the lowest
 * miss until they are close enough. A miss ends the rise only when a repeat of the same rate misses
 * too: on shared cores one bad second can fail a step (seen: a search stopping at 152 req/s for a
 * server good for about 2,000). Every number it reports is a rate that was actually run.
 *
 * @param startRate   the first rate offered
 * @param growth      factor between rising steps, e.g. 1.25 for +25 %
 * @param maxRate     rising stops here: a pass at this rate gives a lower bound only
 * @param closeEnough narrowing stops when lowest miss / highest pass is at most this, e.g. 1.05
 * @param maxSteps    no search runs more steps than this
 */
public record CapacitySearch(double startRate, double growth, double maxRate, double closeEnough, int maxSteps) {

    public CapacitySearch {
        if (startRate <= 0 || growth <= 1 || maxRate < startRate || closeEnough <= 1 || maxSteps < 1) {
            throw new IllegalArgumentException("capacity search needs start-rate > 0, growth > 1, max-rate ≥ start-rate, "
                    + "close-enough > 1 and at least one step");
        }
    }

    /** The highest rate a search may offer: its bound, or its start grown at every step. */
    public double highestRate() {
        return Math.min(maxRate, startRate * Math.pow(growth, maxSteps - 1));
    }

    /** How a search ended; never a number without one of these. */
    public enum Outcome {
        /** Capacity lies between the highest pass and the lowest miss. */
        BRACKETED,
        /** Every step passed up to the highest rate tried: capacity is at least that. */
        LOWER_BOUND,
        /** The driver, not the server, was the limit at the first miss: the server's capacity is unknown. */
        GENERATOR_LIMITED,
        /** The objective was missed at the lowest rate: nothing to bracket. */
        INVALID
    }

    /**
     * @param highestPass the highest rate that met the objective, or {@code null}
     * @param lowestMiss  the lowest rate that missed it, or {@code null}
     * @param steps       every step, in the order run
     */
    public record Result(Outcome outcome, Double highestPass, Double lowestMiss, List<Step> steps) {
    }

    /** A step as run, with whether it met the objective and why not. */
    public record Step(Slo.Step measured, boolean passed, List<String> misses) {
    }

    /** Runs the search; {@code runStep} offers a rate and returns what was measured at it. */
    public Result run(Slo slo, DoubleFunction<Slo.Step> runStep) {
        List<Step> steps = new ArrayList<>();
        Double pass = null;
        Double miss = null;
        double rate = startRate;
        while (steps.size() < maxSteps) {
            Step step = judge(slo, runStep.apply(rate));
            steps.add(step);
            if (!step.passed() && steps.size() < maxSteps) {
                Step again = judge(slo, runStep.apply(rate));
                steps.add(again);
                if (again.passed()) {
                    step = again;
                }
            }
            if (!step.passed()) {
                miss = rate;
                // Only when the driver's limit is the sole reason: a server past its capacity also
                // exhausts the driver's sessions, and then its latency has already said "miss".
                if (step.misses().equals(List.of("generator-limited"))) {
                    return new Result(Outcome.GENERATOR_LIMITED, pass, miss, steps);
                }
                break;
            }
            pass = rate;
            if (rate >= maxRate) {
                return new Result(Outcome.LOWER_BOUND, pass, null, steps);
            }
            rate = Math.min(maxRate, rate * growth);
        }
        if (miss == null) {
            return new Result(Outcome.LOWER_BOUND, pass, null, steps);
        }
        if (pass == null) {
            return new Result(Outcome.INVALID, null, miss, steps);
        }
        while (miss / pass > closeEnough && steps.size() < maxSteps) {
            double middle = Math.sqrt(pass * miss);
            Step step = judge(slo, runStep.apply(middle));
            steps.add(step);
            if (step.passed()) {
                pass = middle;
            } else {
                miss = middle;
            }
        }
        return new Result(Outcome.BRACKETED, pass, miss, steps);
    }

    private static Step judge(Slo slo, Slo.Step measured) {
        List<String> misses = slo.misses(measured);
        return new Step(measured, misses.isEmpty(), misses);
    }
}
