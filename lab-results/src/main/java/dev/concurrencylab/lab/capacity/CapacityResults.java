package dev.concurrencylab.lab.capacity;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Map;

/**
 * What {@code capacity.json} holds: the objective, how each variant's search ended, and the cost
 * question the user asked, if any.
 *
 * @param sloP99Ms        the objective's bound on p99, in ms
 * @param sloMaxErrorRate the objective's bound on errors / attempts
 * @param cost            the user's target rate, headroom and price, or {@code null}
 */
public record CapacityResults(double sloP99Ms, double sloMaxErrorRate, Map<String, CapacitySearch.Result> variants,
        Cost cost) {

    /** As read back from {@code capacity.json}. */
    @JsonCreator
    public CapacityResults {
    }

    public CapacityResults(Slo slo, Map<String, CapacitySearch.Result> variants, Cost cost) {
        this(slo.p99().toNanos() / 1e6, slo.maxErrorRate(), variants, cost);
    }

    /**
     * @param targetRate      requests per second the service must carry
     * @param headroomPercent capacity each instance keeps spare, e.g. 30
     * @param pricePerMonth   one instance's monthly price, or {@code null}
     */
    public record Cost(double targetRate, double headroomPercent, Double pricePerMonth) {

        /**
         * Instances needed at a measured per-instance rate, with the headroom kept spare; assumes
         * instances add capacity linearly, which one machine cannot measure.
         */
        public int instances(double perInstance) {
            return (int) Math.ceil(targetRate / (perInstance * (1 - headroomPercent / 100)));
        }
    }
}
