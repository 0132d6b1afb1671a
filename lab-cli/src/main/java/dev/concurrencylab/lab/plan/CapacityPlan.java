package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.capacity.CapacitySearch;
import dev.concurrencylab.lab.capacity.Slo;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.CapacitySpec;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import java.util.List;

/**
 * A capacity suite resolved for one scale: the search, the objective, and the trial for each step,
 * decided from the last result (the search offers the next rate; this plan turns it into a trial).
 *
 * @param benchmark the suite's first benchmark: request, checks and (its open-rate load) each step's length
 */
public record CapacityPlan(Suite suite, Scale scale, List<Variant> variants, Benchmark benchmark, CapacitySearch search,
        Slo slo, OpenRate step, Warmup warmup) {

    public static CapacityPlan of(Suite suite, Scale scale, List<Variant> variants) {
        CapacitySpec spec = suite.capacity();
        Benchmark benchmark = suite.benchmarks().getFirst();
        return new CapacityPlan(suite, scale, variants, benchmark,
                new CapacitySearch(spec.startRate().at(scale), spec.growth(), spec.maxRate(), spec.closeEnough(), spec.maxSteps().at(scale)),
                new Slo(spec.p99(), spec.maxErrorRate()), (OpenRate) benchmark.load().at(scale), suite.warmup().at(scale));
    }

    /** The most trials the run can take: every variant's search to its step limit. */
    public int maxTrials() {
        return variants.size() * search.maxSteps();
    }

    /**
     * The trial of a search's {@code stepNumber}-th step (from 1) at {@code rate}.
     *
     * @param number the trial's number in the run
     */
    public PlannedTrial trial(int number, Variant variant, int stepNumber, double rate, boolean freshServer) {
        OpenRate load = load(rate);
        // A step on a fresh server also warms its JVM: three times the warm-up, or a cold JIT
        // makes the lowest rate miss (seen: p99 251 ms against 250 ms at the first step).
        return new PlannedTrial(number, variant, benchmark, stepNumber, benchmark.request(scale), load, warmup.multipliedBy(freshServer ? 3 : 1));
    }

    /** A step's load at {@code rate}: two seconds of arrivals in flight at least, on the suite's connections. */
    public OpenRate load(double rate) {
        return new OpenRate(rate, step.duration(), Math.max(step.maxSessions(), (int) Math.ceil(rate * 2)), step.connections());
    }
}
