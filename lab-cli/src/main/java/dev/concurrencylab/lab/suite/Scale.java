package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.binding.SuiteException;
import java.util.Arrays;
import java.util.Locale;

/** How big a suite runs: {@code quick} to check it works, {@code full} to reproduce the original's counts. */
public enum Scale {
    QUICK, STANDARD, FULL;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The scale named {@code text}, or {@code null}. */
    public static Scale find(String text) {
        return Arrays.stream(values()).filter(s -> s.key().equals(text)).findFirst().orElse(null);
    }

    public static Scale of(String text) {
        return Arrays.stream(values()).filter(s -> s.key().equals(text)).findFirst()
                .orElseThrow(() -> new SuiteException("unknown scale '" + text + "'; choose quick, standard or full"));
    }
}
