package dev.concurrencylab.sut.common.async;

import dev.concurrencylab.sut.common.brokers.Brokers;
import dev.concurrencylab.workload.async.Strategy;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.WorkLedger;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.HttpStatus;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;

/**
 * Hands work items to an executor or a broker. Each app calls these from its own concurrency model
 * (MVC directly, WebFlux wrapped in a publisher); the sending code itself is the same in both.
 */
@Component
public class Handoffs {

    private final WorkLedger ledger;
    private final AsyncWork asyncWork;
    private final Brokers brokers;
    private final ObjectProvider<KafkaTemplate<String, String>> kafka;
    private final ObjectProvider<RabbitTemplate> rabbit;
    private final ObjectProvider<StringRedisTemplate> redis;

    /** The longest job a request may ask for: ten minutes. */
    static final long MAX_WORK_MS = 600_000;

    Handoffs(WorkLedger ledger, AsyncWork asyncWork, Brokers brokers, ObjectProvider<KafkaTemplate<String, String>> kafka,
            ObjectProvider<RabbitTemplate> rabbit, ObjectProvider<StringRedisTemplate> redis) {
        this.ledger = ledger;
        this.asyncWork = asyncWork;
        this.brokers = brokers;
        this.kafka = kafka;
        this.rabbit = rabbit;
        this.redis = redis;
    }

    /** Records a new item as handed off; 503 when the strategy's broker was not given at launch. */
    public WorkItem begin(Strategy strategy) {
        return begin(strategy, null);
    }

    /**
     * As {@link #begin(Strategy)}, for a job of {@code workMs} (E2's ~3 s job; {@code null}: the
     * configured time); 400 outside 1 ms to 10 minutes.
     */
    public WorkItem begin(Strategy strategy, Long workMs) {
        if (workMs != null && (workMs < 1 || workMs > MAX_WORK_MS)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "work-ms must be 1 to " + MAX_WORK_MS + ", got " + workMs);
        }
        requireBroker(strategy);
        return ledger.handOff(strategy, workMs == null ? 0 : workMs);
    }

    /** 503 when the strategy needs a broker that was not given at launch. */
    public void requireBroker(Strategy strategy) {
        String missing = brokers.missing(strategy);
        if (missing != null) {
            throw new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE, missing);
        }
    }

    /**
     * Sends an item of any strategy but {@code sync}, blocking only as long as the client library
     * does. A rejected or unsendable item is counted as failed and answered with 503.
     */
    public void send(WorkItem item) {
        try {
            switch (item.strategy()) {
                case ASYNC_SIMPLE -> asyncWork.onSimpleExecutor(item);
                case ASYNC_POOL -> asyncWork.onBoundedPool(item);
                case KAFKA -> kafka.getObject().send(brokers.work(), Long.toString(item.id()), item.encode())
                        .whenComplete((result, error) -> {
                            if (error != null) {
                                ledger.fail(item);
                            }
                        });
                case RABBITMQ -> rabbit.getObject().convertAndSend(brokers.work(), item.encode());
                case REDIS -> receivedBy(item, redis.getObject().convertAndSend(brokers.work(), item.encode()));
                default -> throw new IllegalArgumentException(item.strategy() + " is not sent through Handoffs");
            }
        } catch (RuntimeException e) {
            throw failed(item, e);
        }
    }

    /** Pub/sub drops a message nobody listens to: count it as failed rather than pretend. */
    public void receivedBy(WorkItem item, Long receivers) {
        if (receivers == null || receivers == 0) {
            ledger.fail(item);
        }
    }

    /** Counts the item as failed and turns the cause into the 503 the client sees. */
    public ResponseStatusException failed(WorkItem item, Throwable cause) {
        ledger.fail(item);
        if (cause instanceof ResponseStatusException status) {
            return status;
        }
        String reason = cause instanceof TaskRejectedException
                ? item.strategy().path() + " rejected the item: its bounded queue is full"
                : item.strategy().path() + " could not hand the item off: " + cause.getMessage();
        return new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE, reason, cause);
    }

    public WorkLedger ledger() {
        return ledger;
    }
}
