package dev.concurrencylab.services;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;

/**
 * {@code ./lab services [names]}: starts real backing services on loopback, prints the arguments that
 * point an app at them, and keeps them until Ctrl-C. Nothing outlives it, even {@code kill -9}.
 */
public final class ServicesMain {

    private static final Map<String, Function<Path, BackingService>> STARTERS = Map.of(
            "postgresql", PostgresService::start, "kafka", KafkaService::start,
            "rabbitmq", RabbitMqService::start, "redis", RedisService::start);

    private ServicesMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> names = args.length == 0 ? List.of("postgresql", "kafka", "rabbitmq", "redis")
                : Arrays.stream(String.join(",", args).split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        for (String name : names) {
            if (!STARTERS.containsKey(name)) {
                System.err.println("lab services: unknown service '" + name + "'; choose from postgresql, kafka, rabbitmq, redis");
                System.exit(2);
            }
        }
        Path work = Files.createTempDirectory("lab-services-");
        List<BackingService> started = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> started.reversed().forEach(BackingService::close)));
        try {
            for (String name : names) {
                System.out.println("starting " + name + " ...");
                started.add(STARTERS.get(name).apply(work));
            }
        } catch (ServiceException e) {
            System.err.println("lab services: " + e.getMessage());
            System.exit(1);
        }
        Map<String, String> properties = new TreeMap<>();
        started.forEach(s -> {
            System.out.println("  " + s.version());
            properties.putAll(s.springProperties());
        });
        StringBuilder line = new StringBuilder();
        properties.forEach((k, v) -> line.append(" --").append(k).append('=').append(v));
        System.out.println("\nStart an app against them, e.g.:\n  java -jar sut-mvc/target/sut-mvc.jar --spring.profiles.active=mvc-virtual" + line);
        System.out.println("\nCtrl-C stops every service.");
        new CountDownLatch(1).await();
    }
}
