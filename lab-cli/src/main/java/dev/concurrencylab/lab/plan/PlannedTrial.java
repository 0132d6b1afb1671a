package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Variant;

/** A trial as planned: its number in run order, what it runs, and with which request and load (both at the plan's scale). */
public record PlannedTrial(int number, Variant variant, Benchmark benchmark, int repetition, RequestSpec request, LoadModel load,
        Warmup warmup) {

    /** The same trial under another run-order number: a sequential run numbers the trials it runs. */
    public PlannedTrial numbered(int n) {
        return new PlannedTrial(n, variant, benchmark, repetition, request, load, warmup);
    }
}
