package dev.concurrencylab.lab.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.usage.ResourceSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CostPerRequestTest {

    private static final String POSTGRES = ResourceSample.serviceCpu("postgresql");
    private static final String REDIS = ResourceSample.serviceCpu("redis");

    @Test
    void aServiceWhoseCpuIsUnknownOverPartOfTheWindowHasNoCostRatherThanAnUnderstatedOne() {
        // Two one-second intervals, 1,000 answers: redis read in both, postgresql's second read failed.
        List<ResourceSample> samples = List.of(
                new ResourceSample(1, 1, Map.of(POSTGRES, 50.0, REDIS, 10.0)),
                new ResourceSample(2, 1, Map.of(REDIS, 10.0)));

        Map<String, Double> services = CostPerRequest.of(samples, 1_000, -1).serviceCpuMsPer1k();

        // 10 % of a core for 2 s is 200 ms of CPU over the 1,000 answers.
        assertThat(services).containsExactly(Map.entry("redis", 200.0));
    }

    @Test
    void aServiceUnknownInTheFirstIntervalIsAsUnknownAsOneUnknownInTheLast() {
        List<ResourceSample> samples = List.of(
                new ResourceSample(1, 1, Map.of(REDIS, 10.0)),
                new ResourceSample(2, 1, Map.of(POSTGRES, 50.0, REDIS, 10.0)));

        assertThat(CostPerRequest.of(samples, 1_000, -1).serviceCpuMsPer1k()).containsOnlyKeys("redis");
    }
}
