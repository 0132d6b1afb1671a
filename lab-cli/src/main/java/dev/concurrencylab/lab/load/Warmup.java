package dev.concurrencylab.lab.load;

import dev.concurrencylab.lab.binding.InvalidSetting;
import java.time.Duration;

/**
 * How long a trial warms up before its measured window: a fixed time, or until the server is in
 * steady state (see {@link SteadyState}), at least {@code min} and at most {@code max}.
 *
 * @param untilSteady {@code false}: exactly {@code max} (then {@code min == max})
 */
public record Warmup(Duration min, Duration max, boolean untilSteady) {

    public static final Warmup NONE = fixed(Duration.ZERO);

    /**
     * A warm-up past its minimum whose server has answered nothing for this many seconds, or for its
     * requests' timeout if longer, ends then, unsteady. Twice the steadiness test's 5 s, and far past
     * any pause of a live server here: the kept runs' JVMs stopped at most 1.6 s in a second for
     * collections, and no window that answered at all had one second whose requests all went unanswered.
     */
    public static final int SILENT_SECONDS = 10;

    /**
     * How long a warm-up waits on a server that answers nothing: past the timeout too, so every request
     * out when the silence began has timed out, and a live server whose answers take longer than
     * {@link #SILENT_SECONDS} is not cut short.
     */
    public static long silentSeconds(Duration requestTimeout) {
        long timeout = requestTimeout == null ? 0 : (requestTimeout.toMillis() + 999) / 1000;
        return Math.max(SILENT_SECONDS, timeout);
    }

    public Warmup {
        if (min.compareTo(max) > 0) {
            throw new InvalidSetting(null, "a warm-up's min (" + min.toMillis() + " ms) must not exceed its max (" + max.toMillis() + " ms)");
        }
    }

    public static Warmup fixed(Duration time) {
        return new Warmup(time, time, false);
    }

    public static Warmup steady(Duration min, Duration max) {
        return new Warmup(min, max, true);
    }

    public boolean isZero() {
        return max.isZero();
    }

    /** The same rule with both bounds {@code k} times as long. */
    public Warmup multipliedBy(int k) {
        return new Warmup(min.multipliedBy(k), max.multipliedBy(k), untilSteady);
    }
}
