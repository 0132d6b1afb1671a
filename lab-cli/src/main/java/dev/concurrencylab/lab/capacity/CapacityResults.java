package dev.concurrencylab.lab.capacity;

import java.util.Map;

/**
 * What {@code capacity.json} holds: the objective, and how each variant's search ended.
 *
 * @param sloP99Ms        the objective's bound on p99, in ms
 * @param sloMaxErrorRate the objective's bound on errors / attempts
 */
public record CapacityResults(double sloP99Ms, double sloMaxErrorRate, Map<String, CapacitySearch.Result> variants) {

    public CapacityResults(Slo slo, Map<String, CapacitySearch.Result> variants) {
        this(slo.p99().toNanos() / 1e6, slo.maxErrorRate(), variants);
    }
}
