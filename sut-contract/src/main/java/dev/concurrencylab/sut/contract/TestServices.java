package dev.concurrencylab.sut.contract;

import dev.concurrencylab.services.BackingService;
import dev.concurrencylab.services.KafkaService;
import dev.concurrencylab.services.PostgresService;
import dev.concurrencylab.services.RabbitMqService;
import dev.concurrencylab.services.RedisService;
import dev.concurrencylab.services.WorkDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Real PostgreSQL, Kafka, RabbitMQ and Redis for the tests of one JVM: started once, in parallel,
 * on first use, and stopped when the JVM ends (or killed by the kernel if it dies).
 */
public final class TestServices {

    private static Map<String, String> properties;

    private TestServices() {
    }

    /** The Spring properties that point an app at all four services. */
    public static synchronized Map<String, String> springProperties() {
        if (properties == null) {
            properties = start();
        }
        return properties;
    }

    private static Map<String, String> start() {
        Path work;
        try {
            work = Files.createTempDirectory("sut-test-services-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Function<Path, BackingService>> starters = List.of(
                PostgresService::start, KafkaService::start, RabbitMqService::start, RedisService::start);
        List<CompletableFuture<BackingService>> started = starters.stream()
                .map(starter -> CompletableFuture.supplyAsync(() -> starter.apply(work))).toList();
        List<BackingService> services = started.stream().map(CompletableFuture::join).toList();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            services.forEach(BackingService::close);
            try {
                WorkDirs.remove(work);
            } catch (IOException e) {
                System.err.println("could not remove " + work + ": " + e.getMessage());
            }
        }, "stop-test-services"));
        Map<String, String> all = new HashMap<>();
        services.forEach(s -> all.putAll(s.springProperties()));
        return Map.copyOf(all);
    }
}
