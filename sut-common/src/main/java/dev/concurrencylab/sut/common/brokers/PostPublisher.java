package dev.concurrencylab.sut.common.brokers;

import dev.concurrencylab.workload.posts.PostSql;
import dev.concurrencylab.workload.posts.PostView;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.json.JsonMapper;

/** E3's second step: the saved post, as JSON, to topic {@code posts}; completes on the broker's ack. */
@Component
public class PostPublisher {

    private final ObjectProvider<KafkaTemplate<String, String>> kafka;
    private final JsonMapper json;

    PostPublisher(ObjectProvider<KafkaTemplate<String, String>> kafka, JsonMapper json) {
        this.kafka = kafka;
        this.json = json;
    }

    /** How long a request waits for Kafka's ack before it answers 503. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    public CompletableFuture<PostView> publish(PostView post) {
        return kafka.getObject().send(PostSql.POSTS_TOPIC, Long.toString(post.id()), json.writeValueAsString(post))
                .thenApply(result -> post);
    }

    public static ResponseStatusException failed(Throwable cause) {
        Throwable root = cause.getCause() == null ? cause : cause.getCause();
        return new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE, "publishing to Kafka failed: " + root, cause);
    }
}
