package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The RabbitMQ side inside the app: a transient queue and its consumers. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(Brokers.RABBITMQ)
class RabbitConsumerConfiguration {

    private final Worker worker;

    RabbitConsumerConfiguration(Worker worker) {
        this.worker = worker;
    }

    @Bean
    Queue workQueue() {
        return new Queue(Brokers.WORK_QUEUE, false);
    }

    @RabbitListener(queues = Brokers.WORK_QUEUE)
    void consume(String message) {
        worker.consume(WorkItem.decode(message));
    }
}
