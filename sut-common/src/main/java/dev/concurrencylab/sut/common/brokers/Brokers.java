package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.workload.async.Strategy;
import java.util.Map;
import java.util.UUID;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Which brokers were given at launch. A broker is used only when its URL property is set, so an
 * app started for {@code /hello} needs no broker at all.
 */
@Component
public class Brokers {


    public static final String KAFKA = "spring.kafka.bootstrap-servers";
    public static final String RABBITMQ = "spring.rabbitmq.addresses";
    public static final String REDIS = "spring.data.redis.url";

    private static final Map<Strategy, String> PROPERTY = Map.of(
            Strategy.KAFKA, KAFKA, Strategy.RABBITMQ, RABBITMQ, Strategy.REDIS, REDIS, Strategy.POST_SAVE_PUBLISH, KAFKA);

    private final Environment environment;

    /**
     * This launch's own queue, topic and channel for handed-off work. Servers share a broker: a paired
     * block's live servers at once, a fresh trial's server with the items its predecessor left queued.
     * A name per launch lets each consume only what it handed off, so its ledger counts its own work.
     */
    private final String work = "lab.work." + UUID.randomUUID();

    Brokers(Environment environment) {
        this.environment = environment;
    }

    /** The queue (RabbitMQ), topic and group (Kafka) and channel (Redis) of this launch's handed-off work. */
    public String work() {
        return work;
    }

    /** @return why the strategy cannot run in this app, or {@code null} when it can */
    public String missing(Strategy strategy) {
        String property = PROPERTY.get(strategy);
        if (property == null || environment.containsProperty(property)) {
            return null;
        }
        return strategy.path() + " needs a broker: start the app with --" + property + "=...";
    }
}
