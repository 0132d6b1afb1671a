package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.verdict.PairedVerdict.Side;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How many of a block's first cycles a verdict leaves out because the launches' levels still moved
 * against each other: a warm-up ends on each server's own steadiness, alone, and a launch can go on
 * rising for several cycles after it (/cpu at standard: a launch 0.2–0.6 below the others in the first
 * cycles, level with them from the fifth; docs/methodology/paired-windows.md). The cut is MSER's (White,
 * 1997; the warm-up rule Hoad, Robinson and Davies found most reliable, 2010), on the launches'
 * residuals from the cycles' shared level: the number of first cycles, at most half of them, whose
 * leaving out gives the kept residuals the least sum of squares over their count squared — the squared
 * standard error of the launches' levels from what is kept. One cut for every launch of the block, so a
 * cycle's slices stay paired.
 */
final class WarmIn {

    /**
     * The fewest cycles a block needs before any is cut. On noise alone MSER still cuts now and then: in
     * simulated blocks with no warm-in (PairedVerdictTest) it left out 9 % of the cycles at 8 a block,
     * but cut 43 % of 3-cycle blocks, each time a third of their data: a quick block is read whole.
     */
    static final int MIN_CYCLES = 6;

    private WarmIn() {
    }

    /**
     * @param values one block's launches: server → cycle → log value
     * @param fit    the additive fit of those values
     * @return how many of the block's first cycles to leave out (0 when none)
     */
    static int cycles(Map<Side, Map<Integer, Double>> values, LaunchLevels.Fit fit) {
        return fit.cycles().size() < MIN_CYCLES ? 0 : mser(values, fit);
    }

    /** MSER's cut, whatever the block's length. */
    static int mser(Map<Side, Map<Integer, Double>> values, LaunchLevels.Fit fit) {
        List<Integer> cycles = List.copyOf(fit.cycles().keySet());
        int best = 0;
        double least = Double.POSITIVE_INFINITY;
        for (int cut = 0; cut <= cycles.size() / 2; cut++) {
            int first = cut < cycles.size() ? cycles.get(cut) : Integer.MAX_VALUE;
            double squares = 0;
            int count = 0;
            for (Map<Integer, Double> launch : values.values()) {
                double[] kept = launch.entrySet().stream().filter(e -> e.getKey() >= first)
                        .mapToDouble(e -> e.getValue() - fit.cycles().get(e.getKey())).toArray();
                if (kept.length == 0) {
                    continue;
                }
                double mean = Arrays.stream(kept).average().orElseThrow();
                for (double r : kept) {
                    squares += (r - mean) * (r - mean);
                }
                count += kept.length;
            }
            double statistic = count == 0 ? Double.POSITIVE_INFINITY : squares / ((double) count * count);
            // a later cut must do better by more than rounding: on a tie the data stay in
            if (statistic < least - 1e-12) {
                least = statistic;
                best = cut;
            }
        }
        return best;
    }
}
