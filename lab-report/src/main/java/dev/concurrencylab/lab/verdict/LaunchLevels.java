package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.Slice;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.PairedVerdict.Side;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A paired benchmark's launches on one figure: each block's launch levels and the spread between
 * launches they show, from which {@link PairedVerdict} draws its contrasts and their interval.
 *
 * @param levels block → server ({@link Side}) → its level against the block's cycles, log scale
 * @param aaSpread      one launch's variance from the base's two launches in each block
 * @param othersSpread  one launch's variance from each other variant's spread from block to block
 */
record LaunchLevels(Map<Integer, Map<Side, Double>> levels, String base, Spread aaSpread, Spread othersSpread, int cycles) {

    /**
     * A contrast between launches on the log scale, and its variance in units of one launch's.
     *
     * @param weight the contrast's variance over one launch's variance
     */
    record Estimate(double logRatio, double weight) {
    }

    /**
     * One launch's level variance on the log scale, as estimated, with its degrees of freedom.
     *
     * @param sum the sum of squares (each scaled to one launch's variance) it is the mean of
     */
    record Spread(double sum, int df) {

        double variance() {
            return df == 0 ? Double.NaN : sum / df;
        }

        Spread plus(Spread other) {
            return new Spread(sum + other.sum, df + other.df);
        }
    }

    /** What a variant's comparison is judged on: every estimate of a launch's variance. */
    Spread pooled() {
        return aaSpread.plus(othersSpread);
    }

    /** What the A/A is judged on: the estimate it took no part in. */
    Spread others() {
        return othersSpread;
    }

    static LaunchLevels read(Figure figure, List<TrialResult> slices, String base) {
        Map<Integer, Map<Side, Map<Integer, Double>>> byBlock = new TreeMap<>();
        for (TrialResult t : PairedVerdict.kept(slices)) {
            Double v = figure.of(t);
            if (v == null || !(v > 0)) {
                continue;
            }
            Slice s = t.identity().slice();
            byBlock.computeIfAbsent(s.block(), b -> new LinkedHashMap<>()).computeIfAbsent(new Side(t.identity().variant(), s.copy()),
                    x -> new TreeMap<>()).put(s.cycle(), Math.log(v));
        }
        Map<Integer, Map<Side, Double>> levels = new TreeMap<>();
        int cycles = 0;
        for (var block : byBlock.entrySet()) {
            levels.put(block.getKey(), fit(block.getValue()));
            cycles = Math.max(cycles, block.getValue().values().stream().mapToInt(Map::size).max().orElse(0));
        }
        // Each term below is one launch's variance times a known factor, whatever the variants' true levels.
        double aaSum = 0;
        int aaDf = 0;
        Map<String, List<Double>> contrasts = new LinkedHashMap<>();
        for (Map<Side, Double> block : levels.values()) {
            Double a1 = block.get(new Side(base, 1));
            Double a2 = block.get(new Side(base, 2));
            if (a1 != null && a2 != null) {
                // the A/A's difference: twice a launch's variance, with mean 0 (the same variant)
                aaSum += (a2 - a1) * (a2 - a1) / 2;
                aaDf++;
            }
            baseLevel(block, base).ifPresent(ref -> block.forEach((side, level) -> {
                if (!side.variant().equals(base)) {
                    contrasts.computeIfAbsent(side.variant(), x -> new ArrayList<>()).add(level - ref.level());
                }
            }));
        }
        // a variant's contrast from block to block: its spread is (1 + 1/2) launches' where the base had both launches
        double sum = 0;
        int df = 0;
        for (List<Double> c : contrasts.values()) {
            if (c.size() > 1) {
                double mean = c.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                sum += c.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum() / 1.5;
                df += c.size() - 1;
            }
        }
        return new LaunchLevels(levels, base, new Spread(aaSum, aaDf), new Spread(sum, df), cycles);
    }

    /** The base's level in a block: the mean of its launches there, with how many. */
    private static Optional<Level> baseLevel(Map<Side, Double> block, String base) {
        List<Double> own = block.entrySet().stream().filter(e -> e.getKey().variant().equals(base)).map(Map.Entry::getValue).toList();
        return own.isEmpty() ? Optional.empty()
                : Optional.of(new Level(own.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), own.size()));
    }

    private record Level(double level, int launches) {
    }

    Optional<Estimate> against(String variant) {
        List<Double> d = new ArrayList<>();
        double weight = 0;
        for (Map<Side, Double> block : levels.values()) {
            Double mine = block.get(new Side(variant, 1));
            Optional<Level> ref = baseLevel(block, base);
            if (mine != null && ref.isPresent()) {
                d.add(mine - ref.get().level());
                weight += 1 + 1.0 / ref.get().launches();
            }
        }
        return d.isEmpty() ? Optional.empty()
                : Optional.of(new Estimate(d.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), weight / (d.size() * d.size())));
    }

    Optional<Estimate> aa() {
        List<Double> d = new ArrayList<>();
        for (Map<Side, Double> block : levels.values()) {
            Double a1 = block.get(new Side(base, 1));
            Double a2 = block.get(new Side(base, 2));
            if (a1 != null && a2 != null) {
                d.add(a2 - a1);
            }
        }
        return d.isEmpty() ? Optional.empty()
                : Optional.of(new Estimate(d.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), 2.0 / d.size()));
    }

    String describe(Spread spread) {
        return String.format(Locale.ROOT, "%d block(s) of up to %d cycles, launch-to-launch spread %s on %d df", levels.size(), cycles,
                spread.df() == 0 ? "unknown" : String.format(Locale.ROOT, "%.3f", Math.sqrt(spread.variance())), spread.df());
    }

    /**
     * Each server's level in one block, on log-values: an additive fit of server and cycle, so the
     * cycles' shared level (the host's drift) leaves the servers' levels, and a missing slice leaves
     * its cycle's others usable. Levels are relative within the block; only contrasts are read.
     */
    static Map<Side, Double> fit(Map<Side, Map<Integer, Double>> values) {
        Map<Side, Double> server = new LinkedHashMap<>();
        Map<Integer, Double> cycle = new TreeMap<>();
        values.keySet().forEach(s -> server.put(s, 0.0));
        values.values().forEach(m -> m.keySet().forEach(c -> cycle.put(c, 0.0)));
        for (int round = 0; round < 50; round++) {
            for (var s : values.entrySet()) {
                server.put(s.getKey(), s.getValue().entrySet().stream().mapToDouble(e -> e.getValue() - cycle.get(e.getKey()))
                        .average().orElseThrow());
            }
            for (Integer c : new TreeSet<>(cycle.keySet())) {
                cycle.put(c, values.entrySet().stream().filter(s -> s.getValue().containsKey(c))
                        .mapToDouble(s -> s.getValue().get(c) - server.get(s.getKey())).average().orElseThrow());
            }
        }
        return server;
    }
}
