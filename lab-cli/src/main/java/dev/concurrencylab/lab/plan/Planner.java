package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Launch;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.verdict.Sequential;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Expands a suite into trials in interleaved order: repetition 1 of every variant, then
 * repetition 2 of every variant, and so on (A B C A B C), so slow drift of a shared machine spreads
 * over all variants instead of landing on one. Every trial gets a fresh JVM, as JMH forks one per
 * benchmark: JVM-to-JVM variation shows up in the spread, and no benchmark runs on code the JIT
 * shaped for another. Measured when benchmarks shared a launch (quick, webflux `/hello`, four
 * runs): the trial that ran after `/posts/{id}` in its JVM was 4–18 % slower than the one that ran
 * first, in every run. A suite may share one launch per variant and round instead ({@link Launch#PER_ROUND}):
 * its benchmarks then run in turn on that server, their order turned by one each round, so the one
 * that follows another is not always the same.
 *
 * <p>At standard scale (or with {@code --trials auto}) the repetitions are rounds a run may stop
 * after, per benchmark, once every comparison is decided ({@link Sequential}); a count the user
 * gives is run in full.
 */
public final class Planner {

    private Planner() {
    }

    public static Plan plan(Suite suite, Scale scale, TrialCount count, List<Variant> variants) {
        int trials = count.fixed() != null ? count.fixed() : suite.trials().at(scale);
        boolean rounds = count.auto() || count.fixed() == null && scale == Scale.STANDARD;
        Sequential sequential = rounds && trials > Sequential.FIRST_LOOK ? new Sequential(trials) : null;
        if (sequential != null) {
            trials = sequential.splitTrials();
        }
        Warmup warmup = suite.warmup().at(scale);
        List<PlannedTrial> planned = new ArrayList<>();
        int number = 1;
        List<Benchmark> benchmarks = suite.benchmarks().stream().filter(b -> !b.paired()).toList();
        List<Benchmark> paired = suite.benchmarks().stream().filter(Benchmark::paired).toList();
        for (int rep = 1; rep <= trials; rep++) {
            List<Benchmark> order = benchmarks;
            if (suite.launch() == Launch.PER_ROUND) {
                order = new ArrayList<>(benchmarks);
                Collections.rotate(order, -((rep - 1) % benchmarks.size()));
            }
            for (Variant variant : variants) {
                for (Benchmark b : order) {
                    // A cold benchmark measures the first requests a fresh JVM serves: no warm-up.
                    planned.add(new PlannedTrial(number++, variant, b, rep, b.request(scale), b.load().at(scale),
                            b.cold() ? Warmup.NONE : warmup));
                }
            }
        }
        // a paired benchmark's replicates are blocks: the suite's trials (or --trials), stopped by the same sequential rule as rounds
        int blocks = count.fixed() != null ? count.fixed() : suite.trials().at(scale);
        // with no fresh benchmark, a rounds' maximum (raised where launches split) would overstate what runs: blocks are the replicates
        int perVariant = benchmarks.isEmpty() ? blocks : trials;
        return new Plan(suite, scale, perVariant, planned, sequential, paired,
                paired.isEmpty() ? null : Pairing.at(scale, blocks).withCycles(suite.cycles() == null ? null : suite.cycles().at(scale)), variants);
    }
}
