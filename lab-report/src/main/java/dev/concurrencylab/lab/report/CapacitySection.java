package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.capacity.CapacityResults;
import dev.concurrencylab.lab.capacity.CapacitySearch;
import dev.concurrencylab.lab.capacity.Slo;
import dev.concurrencylab.lab.format.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report's section for a capacity run: each variant's outcome, every step as run, and the knee chart. */
final class CapacitySection {

    private CapacitySection() {
    }

    /** A capacity run: how each variant's search ended, and latency against offered rate (the knee). */
    static Section of(CapacityResults c) {
        double sloMs = c.sloP99Ms();
        CapacityResults.Cost cost = c.cost();
        boolean costed = cost != null;
        boolean priced = costed && cost.pricePerMonth() != null;
        List<List<String>> rows = new ArrayList<>();
        List<ChartSpec.Series> p99 = new ArrayList<>();
        List<ChartSpec.Series> p50 = new ArrayList<>();
        double maxRate = 0;
        for (Map.Entry<String, CapacitySearch.Result> e : c.variants().entrySet()) {
            CapacitySearch.Result r = e.getValue();
            List<String> row = new ArrayList<>(List.of(e.getKey(), r.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    r.highestPass() == null ? "–" : Numbers.format(r.highestPass()),
                    r.lowestMiss() == null ? "–" : Numbers.format(r.lowestMiss()), Integer.toString(r.steps().size())));
            if (costed) {
                boolean known = (r.outcome() == CapacitySearch.Outcome.BRACKETED || r.outcome() == CapacitySearch.Outcome.LOWER_BOUND)
                        && r.highestPass() != null;
                int n = known ? cost.instances(r.highestPass()) : 0;
                String atMost = r.outcome() == CapacitySearch.Outcome.LOWER_BOUND ? "at most " : "";
                row.add(known ? atMost + n : "unknown");
                if (priced) {
                    row.add(known ? atMost + Numbers.format(n * cost.pricePerMonth()) : "unknown");
                }
            }
            rows.add(row);
            List<double[]> high = new ArrayList<>();
            List<double[]> mid = new ArrayList<>();
            for (CapacitySearch.Step step : r.steps()) {
                Slo.Step m = step.measured();
                maxRate = Math.max(maxRate, m.offeredRate());
                if (Double.isFinite(m.p99Ms())) {
                    high.add(new double[] {m.offeredRate(), m.p99Ms()});
                    mid.add(new double[] {m.offeredRate(), m.p50Ms()});
                }
            }
            high.sort(java.util.Comparator.comparingDouble(x -> x[0]));
            mid.sort(java.util.Comparator.comparingDouble(x -> x[0]));
            p99.add(new ChartSpec.Series(e.getKey() + " p99", high));
            p50.add(new ChartSpec.Series(e.getKey() + " p50", mid));
        }
        List<ChartSpec.Series> knee = new ArrayList<>(p99);
        knee.addAll(p50);
        knee.add(new ChartSpec.Series("objective: p99 ≤ " + Numbers.format(sloMs) + " ms", List.of(new double[] {0, sloMs}, new double[] {maxRate, sloMs})));
        List<String> headings = new ArrayList<>(List.of("variant", "outcome", "highest rate meeting the objective (req/s)",
                "lowest rate missing it (req/s)", "steps"));
        if (costed) {
            headings.add("instances for " + Numbers.format(cost.targetRate()) + " req/s");
        }
        if (priced) {
            headings.add("monthly cost");
        }
        String note = "Every rate here was run; capacity lies between the two. Each step is a trial in trials/."
                + (costed ? String.format(" Instances: the target rate over the highest rate that met the objective, keeping %s %% of each "
                + "instance spare; this assumes instances add capacity linearly, which one machine cannot measure.",
                Numbers.format(cost.headroomPercent())) : "");
        return new Section("capacity", String.format("open model, rising +25 %% steps then narrowing; objective p99 ≤ %s ms, errors ≤ %s %%",
                Numbers.format(sloMs), Numbers.format(c.sloMaxErrorRate() * 100)), "",
                List.of(new Table("", headings, rows, note, -1), steps(c)), "",
                List.of(), List.of(), List.of(), List.of(new ChartSpec("capacity-knee", "Latency against offered rate", "lines", "offered rate (req/s)", "ms", List.of(), knee)));
    }

    /** Every step as run, with its worst second: a miss from one bad second shows here, and its repeat beside it. */
    private static Table steps(CapacityResults c) {
        List<List<String>> rows = new ArrayList<>();
        c.variants().forEach((variant, r) -> {
            int n = 0;
            for (CapacitySearch.Step step : r.steps()) {
                Slo.Step m = step.measured();
                rows.add(List.of(variant, Integer.toString(++n), m.launch() == 0 ? "–" : Integer.toString(m.launch()), Numbers.format(m.offeredRate()), Numbers.format(m.throughput()),
                        Double.isFinite(m.p99Ms()) ? Numbers.format(m.p99Ms()) : "–",
                        Double.isFinite(m.worstSecondP99Ms()) && m.worstSecondP99Ms() > 0 ? Numbers.format(m.worstSecondP99Ms()) : "–",
                        step.passed() ? "meets" : "misses: " + String.join(", ", step.misses())));
            }
        });
        return new Table("Steps", List.of("variant", "step", "server launch", "offered (req/s)", "goodput (req/s)", "p99 (ms)", "worst second's p99 (ms)",
                "objective"), rows, "A miss ends the rise only when a repeat of the same rate misses too. A step that broke its"
                + " server (connections refused, reset or timed out, or the trial failed) hands the next step a fresh launch.", -1);
    }
}
