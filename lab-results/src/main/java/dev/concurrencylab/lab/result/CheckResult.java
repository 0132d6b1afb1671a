package dev.concurrencylab.lab.result;

/**
 * One check over a trial's measured window, as k6's summary shows it ({@code ✓ status is 200 … 100 %}).
 *
 * @param rate passes over all answers checked, in percent; {@code null} when nothing was checked
 */
public record CheckResult(String name, long passes, long fails, Double rate) {

    public static CheckResult of(String name, long passes, long fails) {
        long all = passes + fails;
        return new CheckResult(name, passes, fails, all == 0 ? null : 100.0 * passes / all);
    }
}
