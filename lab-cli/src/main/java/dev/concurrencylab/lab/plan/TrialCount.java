package dev.concurrencylab.lab.plan;

/**
 * How many trials per variant and benchmark a run asks for: the suite's count at the scale, a
 * fixed count, or {@code auto} (rounds until every comparison is decided, at most the suite's count).
 *
 * @param fixed a count given by the user, or {@code null}
 * @param auto  rounds until decided
 */
public record TrialCount(Integer fixed, boolean auto) {

    /** Nothing given: the suite's count, in rounds at standard scale. */
    public static final TrialCount SUITE = new TrialCount(null, false);

    /** As {@code --trials} gives it: a whole number of at least 1, or {@code auto}. */
    public static TrialCount parse(String text) {
        if (text == null) {
            return SUITE;
        }
        if (text.equals("auto")) {
            return new TrialCount(null, true);
        }
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1) {
                return new TrialCount(n, false);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("--trials takes a number of at least 1 or 'auto', not '" + text + "'");
    }
}
