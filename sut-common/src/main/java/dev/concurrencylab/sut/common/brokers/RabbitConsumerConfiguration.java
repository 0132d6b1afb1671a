package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The RabbitMQ side inside the app: a transient queue of its own and its consumers. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(Brokers.RABBITMQ)
class RabbitConsumerConfiguration {

    private final Worker worker;

    RabbitConsumerConfiguration(Worker worker) {
        this.worker = worker;
    }

    /** Deleted with its last consumer: a launch's leftover items go with it. */
    @Bean
    Queue workQueue(Brokers brokers) {
        return new Queue(brokers.work(), false, false, true);
    }

    @RabbitListener(queues = "#{@brokers.work()}")
    void consume(String message) {
        worker.consume(WorkItem.decode(message));
    }
}
