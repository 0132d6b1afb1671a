package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.List;

/**
 * Two runs side by side, for "did the upgrade (or the switch to virtual threads) help?": each
 * variant's figures in run A and run B, the change, and whether it is beyond the trials' spread,
 * by the same rule as a report's verdicts.
 */
public final class Comparison {

    private Comparison() {
    }

    public static String markdown(RunResults a, RunResults b) {
        StringBuilder md = new StringBuilder();
        md.append("# Comparison: ").append(a.run().definition().suite()).append(" → ").append(b.run().definition().suite()).append("\n\n");
        md.append("- **A**: `").append(a.dir()).append("` (").append(a.run().progress().started()).append(", commit ")
                .append(a.run().platform().gitCommit()).append(")\n");
        md.append("- **B**: `").append(b.dir()).append("` (").append(b.run().progress().started()).append(", commit ")
                .append(b.run().platform().gitCommit()).append(")\n\n");
        md.append("Values are medians over each run's completed trials, ranges in brackets. A change counts only when "
                + "the 95 % confidence interval of the B/A ratio leaves out 1 and the change is at least the minimum effect; "
                + "trials flagged for the driver or the machine give no verdict.\n\n");
        ExperimentTable table = ExperimentTable.forSuite(a.run().definition().suite());
        boolean any = false;
        for (String benchmark : a.benchmarks()) {
            if (!b.benchmarks().contains(benchmark)) {
                continue;
            }
            md.append("## ").append(benchmark).append("\n\n| variant | figure | A | B | B against A |\n|---|---|---|---|---|\n");
            for (String variant : a.variants()) {
                List<TrialResult> ta = a.trials(benchmark, variant);
                List<TrialResult> tb = b.trials(benchmark, variant);
                if (ta.isEmpty() || tb.isEmpty()) {
                    continue;
                }
                any = true;
                for (Figure f : table.columns()) {
                    Spread sa = Spread.of(f, ta);
                    Spread sb = Spread.of(f, tb);
                    if (sa == null && sb == null) {
                        continue;
                    }
                    md.append("| ").append(variant).append(" | ").append(f.heading()).append(" | ")
                            .append(sa == null ? "–" : sa.text()).append(" | ").append(sb == null ? "–" : sb.text()).append(" | ")
                            .append(Verdict.of(f, "B", tb, "A", ta, a.rules()).text()).append(" |\n");
                }
                RequestComparison.render(md, variant, ta, tb);
            }
            md.append("\n");
        }
        if (!any) {
            throw new IllegalArgumentException("the two runs share no benchmark and variant to compare");
        }
        return md.toString();
    }
}
