package dev.concurrencylab.lab.verdict;

import java.util.Arrays;
import java.util.function.DoubleFunction;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The ratio of one variant's figure to the base's, with a confidence interval (95 % unless a
 * sequential run's interim look asks for more, see {@link Sequential}): Welch's
 * t-interval on the difference of the mean log-values over trials, turned back into a ratio.
 * Logs because trial-to-trial spread of throughput and latency is multiplicative; Welch because the
 * two variants need not spread alike. The ratio is of geometric means over trials.
 *
 * @param ratio    variant over base
 * @param low      lower end of the interval
 * @param high     upper end
 * @param logSpread pooled standard deviation of log-values over trials (about the relative spread of one trial)
 */
public record RatioInterval(double ratio, double low, double high, double logSpread) {

    public static final double CONFIDENCE = 0.95;
    /**
     * An interval whose high end is more than this many times its low end leaves the ratio unknown to more than
     * 10× either way: its ends would be printed as if they meant something, so reports say {@link #TOO_WIDE}.
     */
    public static final double WIDEST = 100;
    public static final String TOO_WIDE = "too wide to tell";
    /** Normal quantile for 80 % power: a real change of the smallest size is found four times in five. */
    private static final double Z_POWER = 0.8416;

    /**
     * @param variant the variant's values over trials, all above zero, at least two
     * @param base    the base's values, likewise
     */
    public static RatioInterval of(double[] variant, double[] base) {
        return of(variant, base, CONFIDENCE);
    }

    /** @param confidence the interval's level, e.g. 0.95 */
    public static RatioInterval of(double[] variant, double[] base, double confidence) {
        if (variant.length < 2 || base.length < 2) {
            throw new IllegalArgumentException("a confidence interval needs at least two trials on each side");
        }
        double[] a = logs(variant);
        double[] b = logs(base);
        double ma = mean(a);
        double mb = mean(b);
        double va = variance(a, ma) / a.length;
        double vb = variance(b, mb) / b.length;
        double se = Math.sqrt(va + vb);
        double diff = ma - mb;
        double spread = Math.sqrt((variance(a, ma) + variance(b, mb)) / 2);
        if (se == 0) {
            return new RatioInterval(Math.exp(diff), Math.exp(diff), Math.exp(diff), 0);
        }
        double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double t = tQuantile(df, confidence);
        return new RatioInterval(Math.exp(diff), Math.exp(diff - t * se), Math.exp(diff + t * se), spread);
    }

    /** The ends as reports print them, {@code 0.40–0.51}, or {@link #TOO_WIDE}. */
    public String ends(DoubleFunction<String> format) {
        return ends(low, high, format);
    }

    /** Any interval of ratios, printed by the same rule. */
    public static String ends(double low, double high, DoubleFunction<String> format) {
        return high > WIDEST * low ? TOO_WIDE : format.apply(low) + "–" + format.apply(high);
    }

    /** The interval leaves out 1: the two differ beyond what the trials' spread explains. */
    public boolean excludesOne() {
        return low > 1 || high < 1;
    }

    /** A difference is claimed: the interval leaves out 1 and the change is at least {@code minEffect}. */
    public boolean claims(double minEffect) {
        return excludesOne() && effect() >= minEffect;
    }

    /** The two are the same within ±{@code minEffect}: the whole interval lies between 1/(1 + m) and 1 + m. */
    public boolean within(double minEffect) {
        return low >= 1 / (1 + minEffect) && high <= 1 + minEffect;
    }

    /** The change as a fraction, whichever way it goes: 0.25 for a ratio of 1.25 or of 0.8. */
    public double effect() {
        return Math.max(ratio, 1 / ratio) - 1;
    }

    /**
     * Trials per variant that would find a change of {@code minEffect} four times in five at this
     * spread; empty when the spread is zero (any change would show) or it would take over 1,000.
     */
    public java.util.OptionalInt trialsFor(double minEffect) {
        if (logSpread == 0) {
            return java.util.OptionalInt.empty();
        }
        double delta = Math.log1p(minEffect);
        for (int n = 2; n <= 1000; n++) {
            double se = logSpread * Math.sqrt(2.0 / n);
            if ((tQuantile(2.0 * n - 2, CONFIDENCE) + Z_POWER) * se <= delta) {
                return java.util.OptionalInt.of(n);
            }
        }
        return java.util.OptionalInt.empty();
    }

    private static double tQuantile(double df, double confidence) {
        return new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    private static double[] logs(double[] values) {
        return Arrays.stream(values).map(v -> {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("ratios need values above zero, not " + v);
            }
            return Math.log(v);
        }).toArray();
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    private static double variance(double[] x, double mean) {
        return Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1);
    }
}
