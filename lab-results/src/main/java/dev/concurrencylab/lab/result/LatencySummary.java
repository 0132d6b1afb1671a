package dev.concurrencylab.lab.result;

import org.HdrHistogram.Histogram;

/** Response times of a trial's answered requests, in milliseconds. */
public record LatencySummary(double minMs, double meanMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms,
        double p999Ms, double maxMs, double stdDevMs) {

    public static LatencySummary of(Histogram nanos) {
        if (nanos.getTotalCount() == 0) {
            return null;
        }
        return new LatencySummary(ms(nanos.getMinValue()), ms(nanos.getMean()), ms(nanos.getValueAtPercentile(50)),
                ms(nanos.getValueAtPercentile(90)), ms(nanos.getValueAtPercentile(95)), ms(nanos.getValueAtPercentile(99)),
                ms(nanos.getValueAtPercentile(99.9)), ms(nanos.getMaxValue()), ms(nanos.getStdDeviation()));
    }

    private static double ms(double nanos) {
        return Math.round(nanos / 1_000) / 1_000.0;
    }
}
