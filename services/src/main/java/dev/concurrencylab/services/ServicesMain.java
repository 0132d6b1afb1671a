package dev.concurrencylab.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./lab services [names]}: starts real backing services on loopback, prints the arguments that
 * point an app at them, and keeps them until Ctrl-C. Nothing outlives it, even {@code kill -9}.
 *
 * <p>On a services host the lab runs it with {@code --address ADDR} (each service also listens there,
 * for servers on other hosts), {@code --allow ADDR} for each address servers connect from, and {@code --for-lab}, which adds lines the lab reads:
 * {@code lab-service NAME VERSION}, {@code lab-property NAME KEY=VALUE}, {@code lab-pids NAME PID,...}, then {@code lab-ready}.
 */
public final class ServicesMain {

    private static final List<String> NAMES = List.of("postgresql", "kafka", "rabbitmq", "redis");

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
        List<String> names = rest.isEmpty() ? NAMES
                : Arrays.stream(String.join(",", rest).split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        for (String name : names) {
            if (!NAMES.contains(name)) {
                System.err.println("lab services: unknown service '" + name + "'; choose from postgresql, kafka, rabbitmq, redis");
                System.exit(2);
            }
        }
        Path work = Files.createTempDirectory("lab-services-");
        List<BackingService> started = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            started.reversed().forEach(BackingService::close);
            try {
                WorkDirs.remove(work);
            } catch (IOException e) {
                System.err.println("lab services: could not remove " + work + ": " + e.getMessage());
            }
        }));
        try {
            for (String name : names) {
                System.out.println("starting " + name + " ...");
                started.add(start(name, work, address, allowFrom));
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
                if (!s.pids().isEmpty()) {
                    System.out.println("lab-pids " + s.name() + " " + String.join(",", s.pids().stream().map(String::valueOf).toList()));
                }
            }
            System.out.println("lab-ready");
        }
        StringBuilder line = new StringBuilder();
        properties.forEach((k, v) -> line.append(" --").append(k).append('=').append(v));
        System.out.println("\nStart an app against them, e.g.:\n  java -jar sut-mvc/target/sut-mvc.jar --spring.profiles.active=mvc-virtual" + line);
        System.out.println("\nCtrl-C stops every service.");
        new CountDownLatch(1).await();
    }

    /** One service, on loopback, or also at {@code address} for servers on other hosts (PostgreSQL lets in only {@code allowFrom}). */
    private static BackingService start(String name, Path work, String address, List<String> allowFrom) {
        return switch (name) {
            case "postgresql" -> PostgresService.start(work, address, allowFrom);
            case "kafka" -> KafkaService.start(work, address);
            case "rabbitmq" -> RabbitMqService.start(work, address);
            case "redis" -> RedisService.start(work, address);
            default -> throw new ServiceException("unknown service '" + name + "'");
        };
    }
}
