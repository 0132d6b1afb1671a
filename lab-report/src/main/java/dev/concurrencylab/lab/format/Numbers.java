package dev.concurrencylab.lab.format;

import java.util.Locale;

/** How the reports write numbers: three significant digits, thousands separated. */
public final class Numbers {

    private Numbers() {
    }

    public static String format(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "–";
        }
        double a = Math.abs(v);
        if (a >= 100 || v == Math.rint(v) && a < 1e15) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** A ratio as people say it: {@code 2.2×}. */
    public static String ratio(double r) {
        return String.format(Locale.ROOT, r >= 10 ? "%.0f×" : "%.1f×", r);
    }
}
