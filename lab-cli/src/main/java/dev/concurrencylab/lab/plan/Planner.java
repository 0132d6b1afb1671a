package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Expands a suite into launches in interleaved order: repetition 1 of every variant, then
 * repetition 2 of every variant, and so on (A B C A B C), so slow drift of a shared machine spreads
 * over all variants instead of landing on one. Each repetition gets a fresh JVM, so JVM-to-JVM
 * variation shows up in the spread; a cold benchmark gets a fresh JVM per trial and no warm-up.
 * Within a launch the benchmarks take turns going first (A B, then B A), so none always runs on the
 * coldest JIT.
 */
public final class Planner {

    private Planner() {
    }

    public static Plan plan(Suite suite, Scale scale, Integer trialsOverride, List<Variant> variants) {
        int trials = trialsOverride != null ? trialsOverride : suite.trials().at(scale);
        Warmup warmup = suite.warmup().at(scale);
        List<Launch> launches = new ArrayList<>();
        int number = 1;
        for (int rep = 1; rep <= trials; rep++) {
            for (Variant variant : variants) {
                List<PlannedTrial> warm = new ArrayList<>();
                List<Benchmark> order = new ArrayList<>(suite.benchmarks());
                Collections.rotate(order, -(rep - 1));
                for (Benchmark b : order) {
                    if (b.cold()) {
                        launches.add(new Launch(variant, List.of(new PlannedTrial(number++, variant, b, rep, b.request(scale), b.load().at(scale), Warmup.NONE))));
                    } else {
                        warm.add(new PlannedTrial(number++, variant, b, rep, b.request(scale), b.load().at(scale), warmup));
                    }
                }
                if (!warm.isEmpty()) {
                    launches.add(new Launch(variant, warm));
                }
            }
        }
        return new Plan(suite, scale, trials, launches);
    }
}
