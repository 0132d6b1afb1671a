package dev.concurrencylab.lab.result;

/**
 * Whether the load left as planned: the rate the model asked for against the rate achieved, and how
 * long the driver's own JVM was kept from running. The evidence behind {@code generator-limited}
 * and {@code overloaded}.
 *
 * @param targetRate     open models: arrivals per second asked for; {@code null} for closed models
 * @param achievedRate   requests sent per second of the measured window
 * @param behind         open models: arrivals due by the window's end but never sent
 * @param sessions       open models: requests the driver could keep in flight
 * @param driverLagMaxMs the longest the driver's JVM waited to run during the window
 * @param connections    the most connections the driver's pool could open; {@code null} in older results
 * @param connectionsPeak the most it had open at once; {@code null} when not known
 * @param connectsFailed connects the server refused or left unanswered, warm-up included; {@code null} in older results
 */
public record Delivery(Double targetRate, double achievedRate, long behind, Integer sessions, double driverLagMaxMs,
        Integer connections, Integer connectionsPeak, Long connectsFailed) {

    /** Share of the target rate not sent, from 0; 0 for closed models. */
    public double shortfall() {
        return targetRate == null || targetRate <= 0 ? 0 : Math.max(0, 1 - achievedRate / targetRate);
    }
}
