package dev.concurrencylab.lab.load;

import java.util.Locale;

/** Where a trial's load is: warming the server up (never measured) or in the measured window. */
public enum LoadPhase {
    WARM_UP, MEASURE;

    /** As progress lines show it: {@code warm-up}, {@code measure}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
