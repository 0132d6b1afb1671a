package dev.concurrencylab.lab.result;

import java.util.Map;

/**
 * One named request of a mix over the trial's measured window, counted as the trial counts the
 * whole (docs/suites.md, "What a trial's numbers mean"). Refused connects belong to no request and
 * stay in the trial's total.
 *
 * @param weight       as the workload gave it
 * @param sharePercent this request's part of all requests sent, in percent
 * @param count        good answers
 * @param throughput   good answers that arrived in the window, per second of it
 * @param errors       failed requests by class: timeout, reset, status, check
 * @param errorRate    failed over sent
 * @param latency      response times of good answers; {@code null} when there were none
 */
public record RequestFigures(String name, int weight, long sent, double sharePercent, long count, long answered, double throughput,
        Map<String, Long> errors, double errorRate, LatencySummary latency) {

    public RequestFigures {
        errors = errors == null ? Map.of() : errors;
    }
}
