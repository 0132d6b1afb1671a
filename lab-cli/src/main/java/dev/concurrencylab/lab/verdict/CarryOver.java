package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * What sharing a launch did to a figure: within each variant and benchmark, the trials that ran
 * after another benchmark on their server against the one(s) that ran first on theirs, as a ratio of
 * geometric means; over the variants and benchmarks that have both, the mean of their log-ratios
 * with a t-interval. Each variant and benchmark is its own pair, so a benchmark's level or a
 * variant's speed does not enter the ratio, only the order on the server does.
 *
 * @param ratio trials after another benchmark over trials first on their server
 * @param pairs variants and benchmarks with trials on both sides
 */
public record CarryOver(double ratio, double low, double high, int pairs) {

    /**
     * @param trials completed trials of one run, some of which shared a server
     * @return empty when fewer than two variant-and-benchmark pairs have trials on both sides
     */
    public static Optional<CarryOver> of(List<TrialResult> trials, Figure figure) {
        Map<String, List<Double>> first = new LinkedHashMap<>();
        Map<String, List<Double>> after = new LinkedHashMap<>();
        for (TrialResult t : trials) {
            Double v = figure.of(t);
            if (v == null || !(v > 0)) {
                continue;
            }
            String slot = t.identity().variant() + "\u0000" + t.identity().benchmark();
            (t.identity().sharedServer() ? after : first).computeIfAbsent(slot, k -> new ArrayList<>()).add(Math.log(v));
        }
        double[] logRatios = first.keySet().stream().filter(after::containsKey)
                .mapToDouble(slot -> mean(after.get(slot)) - mean(first.get(slot))).toArray();
        int n = logRatios.length;
        if (n < 2) {
            return Optional.empty();
        }
        double mean = 0;
        for (double d : logRatios) {
            mean += d / n;
        }
        double variance = 0;
        for (double d : logRatios) {
            variance += (d - mean) * (d - mean) / (n - 1);
        }
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + RatioInterval.CONFIDENCE / 2) * Math.sqrt(variance / n);
        return Optional.of(new CarryOver(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), n));
    }

    private static double mean(List<Double> logs) {
        return logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }
}
