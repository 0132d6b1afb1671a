package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.binding.DurationText;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.Pairing;
import dev.concurrencylab.lab.plan.PlannedTrial;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** What a run would do and take, printed without starting anything ({@code ./lab run … --dry-run}). */
final class DryRun {

    private DryRun() {
    }

    /** @param windows where the counted windows' lengths in {@code estimate} were measured, if any were */
    static void print(Plan plan, Estimate estimate, Optional<PastRuns.Overhead> overhead, Optional<PastRuns.Windows> windows, PrintStream out) {
        out.printf("lab: dry run of suite %s at scale %s: nothing is started%n", plan.suite().name(), plan.scale().key());
        out.printf("  variants: %s (%s)%n", String.join(", ", plan.variants().stream().map(v -> v.name()).toList()),
                plan.trials().isEmpty() ? "live servers in blocks"
                        : plan.sharesLaunches()
                        ? "one server per variant and round, running the round's benchmarks in turn, their order turned each round"
                        : "each trial on a fresh server");
        Map<String, PlannedTrial> benchmarks = new LinkedHashMap<>();
        plan.trials().forEach(t -> benchmarks.putIfAbsent(t.benchmark().name(), t));
        out.printf("  %-28s %-16s %-26s %s%n", "benchmark", "load", "warm-up", "window");
        benchmarks.forEach((name, t) -> out.printf("  %-28s %-16s %-26s %s%n", name, t.load().name(), warmup(t.warmup()),
                t.load().plannedDuration().map(DurationText::clock).orElse("counted: as long as the server takes")));
        if (plan.pairing() != null) {
            Warmup rule = plan.suite().warmup().at(plan.scale());
            out.printf("  %s; warm-up %s per server%s%n", plan.pairedDescription(), warmup(rule),
                    plan.paired().size() < 2 ? "" : " for a block's first benchmark, " + warmup(Pairing.later(rule)) + " for its later ones");
        }
        out.printf("  trials: %s%n", plan.trials().isEmpty() ? (estimate.minTrials() == estimate.maxTrials() ? "" : estimate.minTrials() + "–")
                + plan.sliceCount() + " slices"
                : plan.sequential() == null
                ? String.format("%d (%d of each variant and benchmark)%s", plan.trials().size(), plan.trialsPerVariant(),
                        plan.pairing() == null ? "" : ", and " + plan.sliceCount() + " slices")
                : String.format("%d–%d in rounds: %s", estimate.minTrials(), estimate.maxTrials(), plan.stopping()));
        out.printf("  warm-ups and windows: %s%n", range(estimate));
        if (estimate.countedMeasured() > 0 && windows.isPresent()) {
            out.printf("  of them %d counted window(s), each between the shortest and the longest its variant's took in %s%n",
                    estimate.countedMeasured(), windows.get().from());
        }
        if (estimate.counted() > 0) {
            out.printf("  plus %d counted window(s), as long as the server takes: not in the range%n", estimate.counted());
        }
        if (overhead.isPresent()) {
            PastRuns.Overhead o = overhead.get();
            Estimate whole = estimate.withOverhead(o.perLaunch(), o.perTrial());
            out.printf("  besides them, %s s for each of %s server start-up(s) and %s s a trial for the rest (stopping servers, services, "
                    + "reading back work), as measured in %s%n", seconds(o.perLaunch()), count(whole.minLaunches(), whole.maxLaunches()),
                    seconds(o.perTrial()), o.from());
            out.printf("  expected: %s%n", range(whole));
        } else {
            out.println("  besides them, each trial's server start and stop: not measured on this machine yet (no complete run in results/)");
        }
    }

    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f", d.toMillis() / 1000.0);
    }

    private static String count(int least, int most) {
        return least == most ? String.valueOf(least) : least + "–" + most;
    }

    private static String warmup(Warmup w) {
        if (w.isZero()) {
            return "none (cold)";
        }
        return w.untilSteady() ? "until steady, " + clock(w.min()) + "–" + clock(w.max()) : "fixed " + clock(w.max());
    }

    private static String range(Estimate e) {
        return e.least().equals(e.most()) ? clock(e.least()) : clock(e.least()) + " – " + clock(e.most());
    }

    private static String clock(Duration d) {
        return DurationText.clock(d);
    }
}
