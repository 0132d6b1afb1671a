package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.sut.common.async.AsyncProperties;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import dev.concurrencylab.workload.posts.PostSql;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListener;

/** The Kafka side inside the app: topics, and {@code sut.async.consumers} consumers of work items. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(Brokers.KAFKA)
class KafkaConsumerConfiguration {

    private final Worker worker;

    KafkaConsumerConfiguration(Worker worker) {
        this.worker = worker;
    }

    /** One partition per consumer, so every consumer has work. */
    @Bean
    NewTopic workTopic(AsyncProperties async, Brokers brokers) {
        return new NewTopic(brokers.work(), async.consumers(), (short) 1);
    }

    @Bean
    NewTopic postsTopic() {
        return new NewTopic(PostSql.POSTS_TOPIC, 1, (short) 1);
    }

    @KafkaListener(id = "#{@brokers.work()}", topics = "#{@brokers.work()}", concurrency = "${sut.async.consumers}")
    void consume(String message) {
        worker.consume(WorkItem.decode(message));
    }
}
