package dev.concurrencylab.lab.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A latency objective a step must meet to count as served: p99 at or under a bound, errors at or
 * under a share, every check passing, the driver not the limit, every arrival sent, and the
 * offered rate served (answers in the window) within 1 %.
 *
 * @param p99         the bound on the 99th percentile of response time
 * @param maxErrorRate errors / attempts, e.g. 0.001 for 0.1 %
 */
public record Slo(Duration p99, double maxErrorRate) {

    /** How far under the offered rate a step may serve and still count as keeping up (the driver's own bound on a short send). */
    public static final double SHORT = 0.01;

    /** p99 ≤ 100 ms, errors ≤ 0.1 %. */
    public static final Slo DEFAULT = new Slo(Duration.ofMillis(100), 0.001);

    /** Why the step misses this objective; empty when it meets it. */
    public List<String> misses(Step step) {
        List<String> why = new ArrayList<>();
        if (step.generatorLimited()) {
            why.add("generator-limited");
        }
        if (step.p99Ms() > p99.toNanos() / 1e6) {
            why.add(String.format("p99 %.1f ms > %d ms", step.p99Ms(), p99.toMillis()));
        }
        if (step.errorRate() > maxErrorRate) {
            why.add(String.format("errors %.2f %% > %.2f %%", step.errorRate() * 100, maxErrorRate * 100));
        }
        if (step.failedChecks() > 0) {
            why.add(step.failedChecks() + " failed checks");
        }
        // Served below what was offered: a queue that grows through the window, however short the window kept its p99.
        // Not when the driver was the limit: then what was not served was not sent either.
        if (!step.generatorLimited() && step.throughput() < step.offeredRate() * (1 - SHORT)) {
            why.add(String.format("served %.1f of %.1f req/s offered", step.throughput(), step.offeredRate()));
        }
        // Arrivals never sent are in no latency: past this share the p99 is a lower bound, not a figure to hold to a bound.
        if (!step.generatorLimited() && step.unsentRate() > maxErrorRate) {
            why.add(String.format("%.2f %% of arrivals never sent (p99 a lower bound)", step.unsentRate() * 100));
        }
        return why;
    }

    /**
     * One step of a search: an offered open-model rate and what was measured at it.
     *
     * @param generatorLimited the driver was the limit: the step's trial carries one of the driver's flags (its schedule,
     *                         CPU, files or ports), so its shortfall and latencies are not the server's
     * @param worstSecondP99Ms the highest p99 of any one second of the step: shows a transient
     * @param launch           which of the variant's server launches the step ran on, from 1 (0 in older results)
     * @param unsentRate       arrivals the driver never sent by the window's end (no session freed for them), over those due
     */
    public record Step(double offeredRate, double throughput, double p50Ms, double p99Ms, double errorRate,
            long failedChecks, boolean generatorLimited, double worstSecondP99Ms, int launch, double unsentRate) {

        public Step(double offeredRate, double throughput, double p50Ms, double p99Ms, double errorRate, long failedChecks,
                boolean generatorLimited, double worstSecondP99Ms, int launch) {
            this(offeredRate, throughput, p50Ms, p99Ms, errorRate, failedChecks, generatorLimited, worstSecondP99Ms, launch, 0);
        }

        public Step(double offeredRate, double throughput, double p50Ms, double p99Ms, double errorRate, long failedChecks,
                boolean generatorLimited) {
            this(offeredRate, throughput, p50Ms, p99Ms, errorRate, failedChecks, generatorLimited, p99Ms);
        }

        /** A step on the variant's first launch. */
        public Step(double offeredRate, double throughput, double p50Ms, double p99Ms, double errorRate, long failedChecks,
                boolean generatorLimited, double worstSecondP99Ms) {
            this(offeredRate, throughput, p50Ms, p99Ms, errorRate, failedChecks, generatorLimited, worstSecondP99Ms, 1);
        }
    }
}
