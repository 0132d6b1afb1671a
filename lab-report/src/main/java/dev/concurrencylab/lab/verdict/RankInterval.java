package dev.concurrencylab.lab.verdict;

import java.util.Arrays;

/**
 * The ratio of one variant's figure to the base's by ranks, for launches that fall in two groups
 * ({@link Launches}), where a mean of logs describes neither group and Welch's interval assumes one
 * bell. The estimate is Hodges–Lehmann's (the median of every variant-over-base ratio of one trial
 * each), its interval Moses': order statistics of those ratios, cut where the Mann–Whitney
 * statistic's exact distribution under "no difference" puts (1 − confidence)/2 in each tail.
 * Exact because any launch order is as likely as any other when the variants do not differ, so
 * the error rate holds whatever shape the launches take — two groups included — at 3 to 5 trials,
 * where a normal approximation does not.
 *
 * <p>It decides less often than Welch's: with 3 trials of each no interval at 95 % is finite (the
 * most extreme order is 1 in 20), with 4 of each a claim needs every launch of one variant above
 * every launch of the other.
 */
public final class RankInterval {

    private RankInterval() {
    }

    /**
     * @param variant the variant's values over trials, all above zero
     * @param base    the base's, likewise
     * @return the interval, its ends 0 and infinity when the trials are too few to bound it at this level
     */
    public static RatioInterval of(double[] variant, double[] base, double confidence) {
        int n = variant.length;
        int m = base.length;
        double[] logRatios = new double[n * m];
        int k = 0;
        for (double a : variant) {
            for (double b : base) {
                logRatios[k++] = Math.log(a) - Math.log(b);
            }
        }
        Arrays.sort(logRatios);
        double estimate = Math.exp(median(logRatios));
        int cut = cut(n, m, (1 - confidence) / 2);
        double low = cut == 0 ? 0 : Math.exp(logRatios[cut - 1]);
        double high = cut == 0 ? Double.POSITIVE_INFINITY : Math.exp(logRatios[n * m - cut]);
        return new RatioInterval(estimate, low, high, RatioInterval.of(variant, base, confidence).logSpread());
    }

    /** How many variant-over-base pairs came out above 1: the Mann–Whitney count, ties as halves. */
    public static double pairsAbove(double[] variant, double[] base) {
        double above = 0;
        for (double a : variant) {
            for (double b : base) {
                above += a > b ? 1 : a == b ? 0.5 : 0;
            }
        }
        return above;
    }

    /**
     * The largest {@code c} with P(U ≤ c − 1) ≤ {@code tail} under no difference, U the count of
     * variant-over-base pairs above 1: the Moses interval runs from the c-th smallest ratio to the
     * c-th largest; 0 when even the most extreme order is likelier than {@code tail}.
     */
    static int cut(int n, int m, double tail) {
        double[] ways = arrangements(n, m);
        double total = Arrays.stream(ways).sum();
        double below = 0;
        int c = 0;
        while (c < ways.length && (below + ways[c]) / total <= tail) {
            below += ways[c];
            c++;
        }
        return c;
    }

    /** For each U from 0 to n·m, the number of orders of n variant and m base trials that give it. */
    private static double[] arrangements(int n, int m) {
        // ways[i][j][u]: orders of i variant and j base values with u pairs above; the largest
        // value is a variant's (adding j pairs) or a base's (adding none).
        double[][][] ways = new double[n + 1][m + 1][];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= m; j++) {
                ways[i][j] = new double[i * j + 1];
                if (i == 0 || j == 0) {
                    ways[i][j][0] = 1;
                    continue;
                }
                for (int u = 0; u <= i * j; u++) {
                    double lastVariant = u >= j && u - j < ways[i - 1][j].length ? ways[i - 1][j][u - j] : 0;
                    double lastBase = u < ways[i][j - 1].length ? ways[i][j - 1][u] : 0;
                    ways[i][j][u] = lastVariant + lastBase;
                }
            }
        }
        return ways[n][m];
    }

    private static double median(double[] sorted) {
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
