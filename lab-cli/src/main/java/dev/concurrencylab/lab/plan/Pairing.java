package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.SteadyState;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.suite.Scale;
import java.time.Duration;

/**
 * A paired design's shape at one scale: how many blocks (each a fresh launch of every variant and a
 * second of the base), how many cycles each block runs per benchmark, and each slice's settle and
 * measured part. The figures that chose them are in docs/methodology.md ("Paired windows").
 *
 * @param blocks the suite's trial count at the scale: a block is the paired design's replicate, as a trial is the fresh one's
 */
public record Pairing(int blocks, int cycles, Duration settle, Duration slice) {

    /**
     * The shape at {@code scale}. Launches are the replicates a verdict counts, so a quick run buys
     * blocks before cycles; a longer scale buys cycles, whose spread within a launch then counts little.
     */
    public static Pairing at(Scale scale, int blocks) {
        return switch (scale) {
            case QUICK -> new Pairing(blocks, 3, Duration.ofSeconds(1), Duration.ofSeconds(3));
            case STANDARD -> new Pairing(blocks, 8, Duration.ofSeconds(1), Duration.ofSeconds(4));
            case FULL -> new Pairing(blocks, 10, Duration.ofSeconds(1), Duration.ofSeconds(4));
        };
    }

    /** The same shape with {@code n} cycles, where a suite sets them ({@code cycles:}); this one for {@code null}. */
    public Pairing withCycles(Integer n) {
        return n == null ? this : new Pairing(blocks, n, settle, slice);
    }

    /** A slice's settle: the load runs, unmeasured, until the server is back at its level after idling. */
    public Warmup settleWarmup() {
        return Warmup.fixed(settle);
    }

    /**
     * The warm-up of a block's later benchmarks, on servers the block's first benchmark warmed: the code
     * they share (the HTTP stack, the pools) is at its level already, so the suite's minimum is not
     * needed again; the steadiness test still holds each until its own code is, up to the same bound.
     */
    public static Warmup later(Warmup rule) {
        Duration floor = Duration.ofSeconds(SteadyState.THROUGHPUT.window());
        return !rule.untilSteady() || rule.min().compareTo(floor) <= 0 ? rule : Warmup.steady(floor, rule.max());
    }

    /** The servers of a block: each variant once, the base twice. */
    public static int servers(int variants) {
        return variants + 1;
    }
}
