package dev.concurrencylab.sut.common.async;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * E2's hand-off settings ({@code sut.async.*}, defaults in {@code sut-common.properties}), the same
 * for every variant.
 *
 * @param workMs    how long one item's job takes, in milliseconds
 * @param consumers parallel consumers per broker (Kafka partitions, RabbitMQ and Redis listeners)
 * @param pool      the bounded executor of the {@code async-pool} strategy
 */
@ConfigurationProperties("sut.async")
public record AsyncProperties(long workMs, int consumers, Pool pool) {

    /**
     * @param threads fixed number of platform threads
     * @param queue   items that may wait; a full queue rejects (503)
     */
    public record Pool(int threads, int queue) {
    }
}
