package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.RatioInterval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * E2's "best strategy" table, with the evidence E2's lacked: per test case and variant, the strategy
 * with the highest throughput and the one with the lowest mean latency, each against the
 * runner-up with the ratio's 95 % interval, so a "best" inside the noise says so. A strategy that
 * lost work or failed requests is not a candidate: a fast answer for work not done is not fast.
 */
final class BestStrategySection {

    /** How e2-async names its benchmarks: {@code kafka-case4}. */
    private static final Pattern CASE = Pattern.compile("(.+)-(case\\d+)");

    private BestStrategySection() {
    }

    static List<Section> of(RunResults results, List<String> variants) {
        Map<String, List<String>> byCase = new LinkedHashMap<>();
        for (String benchmark : results.benchmarks()) {
            Matcher m = CASE.matcher(benchmark);
            if (m.matches()) {
                byCase.computeIfAbsent(m.group(2), k -> new ArrayList<>()).add(benchmark);
            }
        }
        if (byCase.values().stream().allMatch(b -> b.size() < 2)) {
            return List.of();
        }
        List<List<String>> rows = new ArrayList<>();
        byCase.forEach((testCase, benchmarks) -> {
            for (String variant : variants) {
                List<String> sound = benchmarks.stream().filter(b -> clean(results.trials(b, variant))).toList();
                if (sound.isEmpty()) {
                    continue;
                }
                rows.add(List.of(testCase, variant, best(results, sound, variant, Figure.THROUGHPUT),
                        best(results, sound, variant, Figure.MEAN),
                        String.join(", ", benchmarks.stream().filter(b -> !sound.contains(b)).map(BestStrategySection::strategy).toList())));
            }
        });
        String note = "Best by median over trials; \"ahead of\" gives the ratio to the runner-up with its 95 % interval, and "
                + "\"not clearly ahead\" when that interval holds 1. Left out: strategies with failed requests, unfinished "
                + "work or a flag that voids verdicts in any trial.";
        return List.of(new Section("best strategy per case", "E2's summary table, judged on this run", "",
                List.of(new Table("", List.of("case", "variant", "highest throughput", "lowest mean latency",
                        "left out"), rows, note, -1)), "", List.of(), List.of(), List.of(), List.of()));
    }

    private static boolean clean(List<TrialResult> trials) {
        return !trials.isEmpty() && trials.stream().allMatch(t -> t.ok() && t.window().failedCount() == 0
                && t.voidingFlags().isEmpty() && !t.outcome().flags().contains(dev.concurrencylab.lab.result.Flag.WORK_NOT_COMPLETED));
    }

    private static String best(RunResults results, List<String> benchmarks, String variant, Figure figure) {
        Comparator<String> byMedian = Comparator.comparingDouble(b -> median(results.trials(b, variant), figure));
        List<String> ranked = benchmarks.stream().filter(b -> !Double.isNaN(median(results.trials(b, variant), figure)))
                .sorted(figure.better() == Figure.Better.HIGHER ? byMedian.reversed() : byMedian).toList();
        if (ranked.isEmpty()) {
            return "–";
        }
        String first = strategy(ranked.getFirst());
        if (ranked.size() == 1) {
            return first;
        }
        double[] a = values(results.trials(ranked.get(0), variant), figure);
        double[] b = values(results.trials(ranked.get(1), variant), figure);
        String second = strategy(ranked.get(1));
        if (a.length < 2 || b.length < 2) {
            return String.format(Locale.ROOT, "%s (then %s; one trial gives no interval)", first, second);
        }
        RatioInterval ri = RatioInterval.of(a, b);
        return ri.excludesOne()
                ? String.format(Locale.ROOT, "%s, ahead of %s (%s, 95 %% CI %s)", first, second, fixed(ri.ratio()),
                        ri.ends(BestStrategySection::fixed))
                : String.format(Locale.ROOT, "%s, not clearly ahead of %s (95 %% CI %s)", first, second, ri.ends(BestStrategySection::fixed));
    }

    private static String strategy(String benchmark) {
        Matcher m = CASE.matcher(benchmark);
        return m.matches() ? m.group(1) : benchmark;
    }

    private static double median(List<TrialResult> trials, Figure figure) {
        Spread s = Spread.of(figure, trials);
        return s == null ? Double.NaN : s.median();
    }

    private static double[] values(List<TrialResult> trials, Figure figure) {
        return java.util.Arrays.stream(figure.values(trials)).filter(v -> v > 0).toArray();
    }

    private static String fixed(double v) {
        return String.format(Locale.ROOT, "%.2f×", v);
    }
}
