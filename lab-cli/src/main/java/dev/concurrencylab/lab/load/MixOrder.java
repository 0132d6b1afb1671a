package dev.concurrencylab.lab.load;

import java.util.List;

/**
 * Which request of a mix the n-th request sent is. Drawn from a fixed interleaved cycle rather than
 * at random, so a mix keeps its weights over any window, short or long, under every load model: over
 * n requests each one's share is off its weight by at most one cycle's length over n. The cycle is
 * spread out (smooth weighted round-robin), so a window cut mid-cycle sees every request about in
 * proportion rather than one request's whole run.
 */
public final class MixOrder {

    /** Longer cycles would only come from weights no one means at that precision. */
    static final int MAX_CYCLE = 10_000;

    private final int[] cycle;

    private MixOrder(int[] cycle) {
        this.cycle = cycle;
    }

    public static MixOrder of(List<Integer> weights) {
        int gcd = 0;
        for (int w : weights) {
            if (w < 1) {
                throw new IllegalArgumentException("a mix's weights must each be at least 1, not " + w);
            }
            gcd = gcd(gcd, w);
        }
        int[] reduced = weights.stream().mapToInt(Integer::intValue).toArray();
        long total = 0;
        for (int i = 0; i < reduced.length; i++) {
            reduced[i] /= gcd;
            total += reduced[i];
        }
        if (total > MAX_CYCLE) {
            throw new IllegalArgumentException("a mix's weights (divided by their common factor) must add up to at most "
                    + MAX_CYCLE + ", not " + total + "; write them as percentages");
        }
        int[] cycle = new int[(int) total];
        long[] credit = new long[reduced.length];
        for (int n = 0; n < cycle.length; n++) {
            int best = 0;
            for (int i = 0; i < reduced.length; i++) {
                credit[i] += reduced[i];
                if (credit[i] > credit[best]) {
                    best = i;
                }
            }
            credit[best] -= total;
            cycle[n] = best;
        }
        return new MixOrder(cycle);
    }

    /** The index in the mix of the {@code n}-th request (from 0). */
    public int at(long n) {
        return cycle[(int) (n % cycle.length)];
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
