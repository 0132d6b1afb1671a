package dev.concurrencylab.lab.binding;

/**
 * A value a model cannot be built with. Thrown by the records' own constructors, so a suite and a
 * results file are checked by the same rule; {@code key} names the setting at fault, or is
 * {@code null} when the whole record is.
 * It sits in binding because the binding of a file places it at the key at fault ({@link RecordPositions}).
 */
public final class InvalidSetting extends IllegalArgumentException {

    private final String key;

    public InvalidSetting(String key, String message) {
        super(message);
        this.key = key;
    }

    public String key() {
        return key;
    }

    /** {@code value}, unless it is below {@code least}. */
    public static int atLeast(String key, int value, int least) {
        if (value < least) {
            throw new InvalidSetting(key, least == 0 ? "must not be negative, not " + value : "must be at least " + least + ", not " + value);
        }
        return value;
    }

    /** {@code value}, unless it is zero or below. */
    public static double positive(String key, double value) {
        if (!(value > 0)) {
            throw new InvalidSetting(key, "must be above 0, not " + value);
        }
        return value;
    }
}
