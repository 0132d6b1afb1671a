package dev.concurrencylab.lab.verdict;

/**
 * Whether a published ratio holds here: read against the 95 % interval of the ratio the lab measured.
 * Sizes from other hardware are not expected to carry over; the categories say how far they did.
 */
public enum Reproduction {
    /** The published ratio lies inside the measured interval, and the interval tells it from no difference. */
    REPRODUCED("reproduced"),
    /** The interval holds both the published ratio and 1: this run cannot tell the claim from no difference. */
    INCONCLUSIVE("inconclusive"),
    /** Both say the same side is higher, by amounts the interval tells apart. */
    SAME_DIRECTION("same direction, different size"),
    /** The lab finds no difference either way (its interval holds 1), where the original claimed one, or the reverse. */
    NOT_REPRODUCED("not reproduced"),
    /** The lab finds the other side higher, beyond its interval. */
    REVERSED("reversed");

    private final String text;

    Reproduction(String text) {
        this.text = text;
    }

    public String text() {
        return text;
    }

    public static Reproduction of(double published, RatioInterval measured) {
        if (measured.low() <= published && published <= measured.high()) {
            return measured.excludesOne() || published == 1 ? REPRODUCED : INCONCLUSIVE;
        }
        if (!measured.excludesOne() || published == 1) {
            return NOT_REPRODUCED;
        }
        return (measured.low() > 1) == (published > 1) ? SAME_DIRECTION : REVERSED;
    }
}
