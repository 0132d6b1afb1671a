package dev.concurrencylab.workload.async;

import java.util.Arrays;
import java.util.Optional;

/** How {@code POST /async/{strategy}} hands a work item off (E2), plus E3's fire-and-forget save. */
public enum Strategy {
    /** The request does the work itself before answering. */
    SYNC("sync"),
    /** {@code @Async} on {@code SimpleAsyncTaskExecutor}: a new thread per item, unbounded. */
    ASYNC_SIMPLE("async-simple"),
    /** {@code @Async} on a bounded {@code ThreadPoolTaskExecutor}: a full queue rejects (503). */
    ASYNC_POOL("async-pool"),
    RABBITMQ("rabbitmq"),
    KAFKA("kafka"),
    /** Redis pub/sub: a message published while nobody listens is lost, which the counts show. */
    REDIS("redis"),
    /** {@code POST /posts?ack=none}: answered at once, saved and published afterwards. */
    POST_SAVE_PUBLISH("post-save-publish");

    private final String path;

    Strategy(String path) {
        this.path = path;
    }

    /** The name used in URLs, metrics and results. */
    public String path() {
        return path;
    }

    /** Parses a path name of the strategies that {@code POST /async/{strategy}} accepts. */
    public static Optional<Strategy> ofPath(String path) {
        return Arrays.stream(values())
                .filter(s -> s != POST_SAVE_PUBLISH && s.path.equals(path))
                .findFirst();
    }

    public static String acceptedPaths() {
        return String.join(", ", Arrays.stream(values()).filter(s -> s != POST_SAVE_PUBLISH).map(Strategy::path).toList());
    }
}
