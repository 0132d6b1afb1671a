package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.sut.common.async.AsyncProperties;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import dev.concurrencylab.workload.posts.PostSql;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.AdminClient;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.kafka.core.KafkaAdmin;

/** The Kafka side inside the app: topics, and {@code sut.async.consumers} consumers of work items. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(Brokers.KAFKA)
class KafkaConsumerConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger(KafkaConsumerConfiguration.class);
    /** Each request and each wait of the removal at the app's stop: two of them and a 1 s close stay inside the lab's 10 s stop. */
    private static final Duration REMOVAL_WAIT = Duration.ofSeconds(2);

    private final Worker worker;

    KafkaConsumerConfiguration(Worker worker) {
        this.worker = worker;
    }

    /** One partition per consumer, so every consumer has work. */
    @Bean
    NewTopic workTopic(AsyncProperties async, Brokers brokers) {
        return new NewTopic(brokers.work(), async.consumers(), (short) 1);
    }

    /**
     * Takes this launch's topic and consumer group out of the broker as the app closes, after its consumers
     * have stopped: a broker given by URL (a team's own) keeps no trace of the launches a run made. Within the
     * lab's 10 s for a server to stop; a server killed outright leaves them, as it leaves its queued items.
     */
    @Bean
    DisposableBean workTopicRemoval(KafkaAdmin admin, Brokers brokers) {
        return () -> {
            // bounded throughout: a broker gone by now must not hold the app's stop past the lab's 10 s
            Map<String, Object> config = new HashMap<>(admin.getConfigurationProperties());
            config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) REMOVAL_WAIT.toMillis());
            config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) REMOVAL_WAIT.toMillis());
            AdminClient client = AdminClient.create(config);
            try {
                remove(brokers.work() + " (topic)", client.deleteTopics(List.of(brokers.work())).all());
                // a group that never committed an offset is not there to remove: nothing to say
                remove(brokers.work() + " (consumer group)", client.deleteConsumerGroups(List.of(brokers.work())).all());
            } finally {
                client.close(Duration.ofSeconds(1));
            }
        };
    }

    private static void remove(String what, KafkaFuture<Void> done) throws InterruptedException {
        try {
            done.get(REMOVAL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                LOG.warn("could not remove {} from the broker: {}", what, e.getCause().toString());
            }
        } catch (TimeoutException e) {
            LOG.warn("could not remove {} from the broker within {} s", what, REMOVAL_WAIT.toSeconds());
        }
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
