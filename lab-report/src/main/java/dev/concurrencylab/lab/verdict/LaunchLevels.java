package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.format.Numbers;
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
 * @param warmIn        block → how many of its first cycles were left out as warm-in ({@link WarmIn}), where any were
 * @param sliceNoise    one slice's variance about its launch's level and its cycle's, from what the fits leave
 * @param perLaunch     the slices a launch's level was read from, on average
 */
record LaunchLevels(Map<Integer, Map<Side, Double>> levels, String base, Spread aaSpread, Spread othersSpread, int cycles,
        Map<Integer, Integer> warmIn, Spread sliceNoise, double perLaunch) {

    /** An additive fit of one block: each server's level and each cycle's shared level, log scale. */
    record Fit(Map<Side, Double> servers, Map<Integer, Double> cycles) {

        /** The sum of squares of what the fit leaves of {@code values}: each slice's own noise. */
        double leftOver(Map<Side, Map<Integer, Double>> values) {
            double sum = 0;
            for (var side : values.entrySet()) {
                for (var c : side.getValue().entrySet()) {
                    double r = c.getValue() - servers.get(side.getKey()) - cycles.get(c.getKey());
                    sum += r * r;
                }
            }
            return sum;
        }
    }

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
        Map<Integer, Integer> warmIn = new TreeMap<>();
        int cycles = 0;
        double residualSum = 0;
        int residualDf = 0;
        int read = 0;
        int launches = 0;
        for (var block : byBlock.entrySet()) {
            Map<Side, Map<Integer, Double>> values = block.getValue();
            Fit all = fit(values);
            int cut = WarmIn.cycles(values, all);
            Fit kept = all;
            if (cut > 0) {
                warmIn.put(block.getKey(), cut);
                values = leaveOutBefore(values, List.copyOf(all.cycles().keySet()).get(cut));
                kept = fit(values);
            }
            levels.put(block.getKey(), kept.servers());
            cycles = Math.max(cycles, all.cycles().size());
            int n = values.values().stream().mapToInt(Map::size).sum();
            residualSum += kept.leftOver(values);
            // the slices less a level per server and per cycle, one of them shared
            residualDf += Math.max(0, n - values.size() - kept.cycles().size() + 1);
            read += n;
            launches += values.size();
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
        return new LaunchLevels(levels, base, new Spread(aaSum, aaDf), new Spread(sum, df), cycles, warmIn,
                new Spread(residualDf == 0 ? 0 : residualSum, residualDf), launches == 0 ? 0 : (double) read / launches);
    }

    /**
     * How much of a launch's variance the slices' own noise accounts for, averaged over its cycles, as a
     * share of {@code spread}'s: near 1, the launches differ no more than their slices do, and more
     * cycles a block would narrow an interval as more blocks would; NaN where either is unknown.
     */
    double sliceShare(Spread spread) {
        return sliceNoise.df() == 0 || spread.df() == 0 || !(spread.variance() > 0) ? Double.NaN
                : sliceNoise.variance() / perLaunch / spread.variance();
    }

    /** The block's slices from cycle {@code first} on; a launch with none left leaves the block. */
    private static Map<Side, Map<Integer, Double>> leaveOutBefore(Map<Side, Map<Integer, Double>> values, int first) {
        Map<Side, Map<Integer, Double>> kept = new LinkedHashMap<>();
        values.forEach((side, byCycle) -> {
            Map<Integer, Double> later = new TreeMap<>();
            byCycle.forEach((cycle, value) -> {
                if (cycle >= first) {
                    later.put(cycle, value);
                }
            });
            if (!later.isEmpty()) {
                kept.put(side, later);
            }
        });
        return kept;
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
        String warm = warmIn.isEmpty() ? "" : "; the first cycles, while launches still moved, left out (MSER): "
                + String.join(", ", warmIn.entrySet().stream().map(e -> String.format(Locale.ROOT, "%d in block %d", e.getValue(), e.getKey())).toList());
        String slices = sliceNoise.df() == 0 ? "" : String.format(Locale.ROOT, " (the slices' own noise alone, over a launch's %s slices: %.3f)",
                Numbers.format(perLaunch), Math.sqrt(sliceNoise.variance() / perLaunch));
        return String.format(Locale.ROOT, "%d block(s) of up to %d cycles, launch-to-launch spread %s on %d df%s%s", levels.size(), cycles,
                spread.df() == 0 ? "unknown" : String.format(Locale.ROOT, "%.3f", Math.sqrt(spread.variance())), spread.df(), slices, warm);
    }

    /**
     * Each server's level in one block, on log-values: an additive fit of server and cycle, so the
     * cycles' shared level (the host's drift) leaves the servers' levels, and a missing slice leaves
     * its cycle's others usable. Levels are relative within the block; only contrasts are read.
     */
    static Fit fit(Map<Side, Map<Integer, Double>> values) {
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
        return new Fit(server, cycle);
    }
}
