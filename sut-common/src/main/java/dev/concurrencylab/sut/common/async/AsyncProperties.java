package dev.concurrencylab.sut.common.async;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * E2's hand-off settings ({@code sut.async.*}, defaults in {@code sut-common.properties}), the same
 * for every variant.
 *
 * @param workMs    how long one item's job takes, in milliseconds
 * @param consumers parallel consumers per broker (Kafka partitions, RabbitMQ and Redis listeners)
 * @param pool      the bounded executor of the {@code async-pool} strategy
 * @param simpleLimit hand-offs the thread-per-item executor runs at once; past it the handing thread
 *                  waits for one to end (Spring's concurrency limit). -1, the default, is no limit,
 *                  as E2 and E3 ran it; a bound shows what back-pressure does (docs/experiments.md, E3)
 */
@ConfigurationProperties("sut.async")
public record AsyncProperties(long workMs, int consumers, Pool pool, int simpleLimit) {

    /**
     * @param threads fixed number of platform threads
     * @param queue   items that may wait; a full queue rejects (503)
     */
    public record Pool(int threads, int queue) {
    }
}
