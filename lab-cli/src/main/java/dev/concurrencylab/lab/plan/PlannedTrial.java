package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.Slice;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Variant;

/**
 * A trial as planned: its number in run order, what it runs, and with which request and load (both at the plan's scale).
 *
 * @param launch the number of the trial whose start-up began the server it runs on: its own, unless it shares an earlier trial's
 * @param slice  where it runs in a paired design's block; {@code null} for a trial of the fresh design
 */
public record PlannedTrial(int number, Variant variant, Benchmark benchmark, int repetition, RequestSpec request, LoadModel load,
        Warmup warmup, int launch, Slice slice) {

    /** A trial of the fresh design on the server trial {@code launch} started. */
    public PlannedTrial(int number, Variant variant, Benchmark benchmark, int repetition, RequestSpec request, LoadModel load,
            Warmup warmup, int launch) {
        this(number, variant, benchmark, repetition, request, load, warmup, launch, null);
    }

    /** A trial on a server of its own. */
    public PlannedTrial(int number, Variant variant, Benchmark benchmark, int repetition, RequestSpec request, LoadModel load, Warmup warmup) {
        this(number, variant, benchmark, repetition, request, load, warmup, number);
    }

    /** The same trial under another run-order number, on a server of its own: a sequential run numbers the trials it runs. */
    public PlannedTrial numbered(int n) {
        return new PlannedTrial(n, variant, benchmark, repetition, request, load, warmup, n);
    }

    /** The same trial on the server trial {@code first} started. */
    public PlannedTrial onServerOf(int first) {
        return new PlannedTrial(number, variant, benchmark, repetition, request, load, warmup, first);
    }

    /** True when it runs on a server an earlier trial started. */
    public boolean sharesServer() {
        return launch != number;
    }
}
