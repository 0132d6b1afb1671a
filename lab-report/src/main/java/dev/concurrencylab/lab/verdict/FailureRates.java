package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The answer when failures decide: one side failed more requests than the suite's bar allows, so
 * its latencies and throughput are not compared (failed answers are never counted as fast ones),
 * but how much more it failed is a result. The share failed per completed trial, each side placed
 * against the bar; when both are above it, their difference in percentage points with Welch's 95 %
 * interval — a difference, not a ratio, because a side often failed none.
 */
public final class FailureRates {

    private FailureRates() {
    }

    /** Whether either side failed more than the bar: then this comparison is the verdict. */
    public static boolean decide(List<TrialResult> trials, List<TrialResult> baseTrials, VerdictRules rules) {
        return Verdict.errorRate(trials) > rules.maxErrorRate() || Verdict.errorRate(baseTrials) > rules.maxErrorRate();
    }

    /** Where the two sides stand against the bar: one above and one within it, both above, or a side too near it to place. */
    public enum Placement {
        ONE_ABOVE, BOTH_ABOVE, NEAR_THE_BAR
    }

    /** The failure verdict and the placement it rests on, so a reader of the verdict need not parse its sentence. */
    public record Answer(Verdict verdict, Placement placement) {
    }

    /** "fails more than webflux: …" — each side's error rate against the bar, or their difference when both are above it. */
    public static Answer compare(String variant, List<TrialResult> trials, String base, List<TrialResult> baseTrials, VerdictRules rules) {
        double bar = rules.maxErrorRate() * 100;
        Rate a = Rate.of(percents(trials), Verdict.errorRate(trials) * 100, bar);
        Rate b = Rate.of(percents(baseTrials), Verdict.errorRate(baseTrials) * 100, bar);
        String rates = String.format(Locale.ROOT, "%s against %s for %s", a.describe(), b.describe(), base);
        String notCompared = "latency and throughput are not compared";
        if (a.side() == Side.ABOVE && b.side() == Side.BELOW || a.side() == Side.BELOW && b.side() == Side.ABOVE) {
            boolean more = a.side() == Side.ABOVE;
            return new Answer(new Verdict(variant, base, Figure.ERROR_RATE, more ? Verdict.Kind.WORSE : Verdict.Kind.BETTER,
                    String.format(Locale.ROOT, "fails %s than %s: %s; %s", more ? "more" : "less", base, rates, notCompared), null),
                    Placement.ONE_ABOVE);
        }
        if (a.side() == Side.ABOVE && b.side() == Side.ABOVE) {
            double diff = mean(a.percents()) - mean(b.percents());
            double va = variance(a.percents()) / a.percents().length;
            double vb = variance(b.percents()) / b.percents().length;
            double se = Math.sqrt(va + vb);
            double half = se == 0 ? 0
                    : tQuantile((va + vb) * (va + vb) / (va * va / (a.percents().length - 1) + vb * vb / (b.percents().length - 1)), 0.975) * se;
            String interval = String.format(Locale.ROOT, "difference %s points, 95 %% CI %s–%s", signed(diff), signed(diff - half), signed(diff + half));
            if (diff - half > 0 || diff + half < 0) {
                boolean more = diff > 0;
                return new Answer(new Verdict(variant, base, Figure.ERROR_RATE, more ? Verdict.Kind.WORSE : Verdict.Kind.BETTER,
                        String.format(Locale.ROOT, "fails %s than %s, both above the bar: %s; %s; %s", more ? "more" : "less", base, rates, interval,
                                notCompared), null), Placement.BOTH_ABOVE);
            }
            return new Answer(new Verdict(variant, base, Figure.ERROR_RATE, Verdict.Kind.UNDECIDED, String.format(Locale.ROOT,
                    "both fail above the bar, undecided which more: %s; %s; %s", rates, interval, notCompared), null), Placement.BOTH_ABOVE);
        }
        return new Answer(new Verdict(variant, base, Figure.ERROR_RATE, Verdict.Kind.UNDECIDED, String.format(Locale.ROOT,
                "failures near the bar, undecided: %s; %s", rates, notCompared), null), Placement.NEAR_THE_BAR);
    }

    private enum Side {
        ABOVE, BELOW, UNCLEAR
    }

    /**
     * One side's failed share per trial, in percent, and where it stands against the bar: above
     * when its one-sided 95 % lower bound (Student's t over trials) is over the bar, below when its
     * upper bound is at most the bar. One-sided because the question has a direction; a claim that
     * one side fails more needs both sides placed, so it errs at most as often as either placement.
     */
    private record Rate(double[] percents, double pooled, double bar, Side side, double bound) {

        static Rate of(double[] percents, double pooled, double bar) {
            if (percents.length < 2) {
                return new Rate(percents, pooled, bar, Side.UNCLEAR, Double.NaN);
            }
            double m = mean(percents);
            double half = tQuantile(percents.length - 1, 0.95) * Math.sqrt(variance(percents) / percents.length);
            if (m - half > bar) {
                return new Rate(percents, pooled, bar, Side.ABOVE, m - half);
            }
            if (m + half <= bar) {
                return new Rate(percents, pooled, bar, Side.BELOW, m + half);
            }
            return new Rate(percents, pooled, bar, Side.UNCLEAR, Double.NaN);
        }

        String describe() {
            String where = switch (side) {
                case ABOVE -> String.format(Locale.ROOT, "; above the %s %% bar, 95 %% lower bound %s %%", Numbers.format(bar), Numbers.format(bound));
                case BELOW -> String.format(Locale.ROOT, "; within the %s %% bar, 95 %% upper bound %s %%", Numbers.format(bar), Numbers.format(bound));
                case UNCLEAR -> percents.length < 2 ? "; too few trials to place against the bar" : "";
            };
            return String.format(Locale.ROOT, "%s %% of requests failed (%s by trial%s)", Numbers.format(pooled), range(percents), where);
        }
    }

    private static double[] percents(List<TrialResult> trials) {
        return trials.stream().filter(TrialResult::ok).filter(t -> t.window().attempts() > 0)
                .mapToDouble(t -> 100.0 * t.window().failedCount() / t.window().attempts()).toArray();
    }

    private static String range(double[] values) {
        if (values.length == 0) {
            return "none completed";
        }
        String low = Numbers.format(Arrays.stream(values).min().orElseThrow());
        String high = Numbers.format(Arrays.stream(values).max().orElseThrow());
        return (low.equals(high) ? low : low + "–" + high) + " %";
    }

    private static String signed(double points) {
        return String.format(Locale.ROOT, "%+.2f", points);
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    private static double variance(double[] x) {
        double m = mean(x);
        return Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / (x.length - 1);
    }

    private static double tQuantile(double df, double p) {
        return new TDistribution(null, df).inverseCumulativeProbability(p);
    }
}
