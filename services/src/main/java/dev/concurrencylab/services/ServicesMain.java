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
 *
 * <p>On a services host the lab runs it with {@code --address ADDR} (PostgreSQL also listens there,
 * for servers on other hosts), {@code --allow ADDR} for each address servers connect from, and {@code --for-lab}, which adds lines the lab reads:
 * {@code lab-service NAME VERSION}, {@code lab-property NAME KEY=VALUE}, then {@code lab-ready}.
 */
public final class ServicesMain {

    private static final Map<String, Function<Path, BackingService>> STARTERS = Map.of(
            "postgresql", PostgresService::start, "kafka", KafkaService::start,
            "rabbitmq", RabbitMqService::start, "redis", RedisService::start);
    /** The services that can also listen on an address other hosts reach. */
    private static final List<String> REACHABLE = List.of("postgresql");

    private ServicesMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        boolean forLab = rest.remove("--for-lab");
        String address = null;
        int at = rest.indexOf("--address");
        if (at >= 0 && at + 1 < rest.size()) {
            address = rest.get(at + 1);
            rest.subList(at, at + 2).clear();
        }
        List<String> allowFrom = new ArrayList<>();
        for (int a = rest.indexOf("--allow"); a >= 0 && a + 1 < rest.size(); a = rest.indexOf("--allow")) {
            allowFrom.add(rest.get(a + 1));
            rest.subList(a, a + 2).clear();
        }
        List<String> names = rest.isEmpty() ? List.of("postgresql", "kafka", "rabbitmq", "redis")
                : Arrays.stream(String.join(",", rest).split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (address != null) {
            for (String name : names) {
                if (!REACHABLE.contains(name)) {
                    System.err.println("lab services: " + name + " cannot listen for other hosts yet; only " + String.join(", ", REACHABLE) + " can");
                    System.exit(2);
                }
            }
        }
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
                started.add(address != null && name.equals("postgresql") ? PostgresService.start(work, address, allowFrom) : STARTERS.get(name).apply(work));
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
        if (forLab) {
            for (BackingService s : started) {
                System.out.println("lab-service " + s.name() + " " + s.version());
                new TreeMap<>(s.springProperties()).forEach((k, v) -> System.out.println("lab-property " + s.name() + " " + k + "=" + v));
            }
            System.out.println("lab-ready");
        }
        StringBuilder line = new StringBuilder();
        properties.forEach((k, v) -> line.append(" --").append(k).append('=').append(v));
        System.out.println("\nStart an app against them, e.g.:\n  java -jar sut-mvc/target/sut-mvc.jar --spring.profiles.active=mvc-virtual" + line);
        System.out.println("\nCtrl-C stops every service.");
        new CountDownLatch(1).await();
    }
}
