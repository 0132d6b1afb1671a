package dev.concurrencylab.lab.load;

/**
 * One check of the suite over a measured window, as k6's summary gives it: every answer passes or
 * fails it, and a failure is information, not a disqualification.
 *
 * @param name   what was checked, e.g. {@code status is 200}
 * @param passes answers that passed
 * @param fails  answers that failed
 */
public record CheckTally(String name, long passes, long fails) {

    /** The same check over answers counted elsewhere (another driver's share of the window). */
    public CheckTally plus(CheckTally other) {
        return new CheckTally(name, passes + other.passes, fails + other.fails);
    }
}
