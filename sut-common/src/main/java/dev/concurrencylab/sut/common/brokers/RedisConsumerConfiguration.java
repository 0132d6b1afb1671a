package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.sut.common.async.AsyncProperties;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import java.nio.charset.StandardCharsets;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.listener.ChannelTopic;
import org.springframework.data.redis.listener.RedisMessageListenerContainer;

/** The Redis pub/sub side inside the app: a subscriber that works items with bounded parallelism. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(Brokers.REDIS)
class RedisConsumerConfiguration {

    @Bean
    RedisMessageListenerContainer workSubscriber(RedisConnectionFactory connections, Worker worker, Environment environment,
            AsyncProperties async, Brokers brokers) {
        SimpleAsyncTaskExecutor executor = new SimpleAsyncTaskExecutor("redis-work-");
        executor.setVirtualThreads(Threading.VIRTUAL.isActive(environment));
        // Same parallelism as the Kafka and RabbitMQ consumers; further messages wait for a slot.
        executor.setConcurrencyLimit(async.consumers());
        RedisMessageListenerContainer container = new RedisMessageListenerContainer();
        container.setConnectionFactory(connections);
        container.setTaskExecutor(executor);
        container.addMessageListener((message, pattern) ->
                worker.consume(WorkItem.decode(new String(message.getBody(), StandardCharsets.UTF_8))),
                new ChannelTopic(brokers.work()));
        return container;
    }
}
