package dev.concurrencylab.lab.service;

import dev.concurrencylab.services.BackingService;
import dev.concurrencylab.services.KafkaService;
import dev.concurrencylab.services.PostgresService;
import dev.concurrencylab.services.RabbitMqService;
import dev.concurrencylab.services.RedisService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The backing services a run needs: started by the lab on loopback (the embedded default) or taken
 * from URLs the user gives. Closing the set stops what the lab started, in reverse order.
 */
public final class ServiceSet implements AutoCloseable {

    private final List<BackingService> services = new ArrayList<>();

    private ServiceSet() {
    }

    /**
     * @param urls   service name → URL for services the user runs; the others are started here
     * @param status told before each start, for progress output
     */
    public static ServiceSet start(Set<String> needed, Map<String, String> urls, Path work, Consumer<String> status) {
        return start(needed, urls, work, null, List.of(), Map.of(), status);
    }

    /**
     * @param reachableAt this machine's address as servers on another host reach it, or {@code null}
     *                    when they run here; services the lab starts then listen there too
     * @param allowFrom   the addresses servers on another host connect from
     * @param elsewhere   services already started on a services host, by name
     */
    public static ServiceSet start(Set<String> needed, Map<String, String> urls, Path work, String reachableAt, List<String> allowFrom,
            Map<String, BackingService> elsewhere, Consumer<String> status) {
        ServiceSet set = new ServiceSet();
        try {
            for (String name : needed) {
                String url = urls.get(name);
                if (url != null) {
                    set.services.add(ExternalService.of(name, url));
                    continue;
                }
                if (elsewhere.containsKey(name)) {
                    set.services.add(elsewhere.get(name));
                    continue;
                }
                status.accept("starting " + name);
                set.services.add(switch (name) {
                    case "postgresql" -> PostgresService.start(work, reachableAt, allowFrom);
                    case "kafka" -> KafkaService.start(work, reachableAt);
                    case "rabbitmq" -> RabbitMqService.start(work, reachableAt);
                    case "redis" -> RedisService.start(work, reachableAt);
                    default -> throw new IllegalArgumentException("unknown service " + name);
                });
            }
            return set;
        } catch (RuntimeException e) {
            set.close();
            throw e;
        }
    }

    public List<BackingService> services() {
        return services;
    }

    /** The first service the lab started whose process has ended, if any (by its exit status: see {@link BackingService#ended()}). */
    public java.util.Optional<BackingService> dead() {
        return services.stream().filter(s -> !s.alive()).findFirst();
    }

    /** What points an app at these services, as Spring properties. */
    public Map<String, String> springProperties() {
        return springProperties(name -> true);
    }

    /** What points an app at those of these services it is given. */
    public Map<String, String> springProperties(java.util.function.Predicate<String> given) {
        Map<String, String> all = new TreeMap<>();
        services.stream().filter(s -> given.test(s.name())).forEach(s -> all.putAll(s.springProperties()));
        return all;
    }

    /** Name → version actually used, with passwords hidden; for the results. */
    public Map<String, String> versions() {
        Map<String, String> versions = new LinkedHashMap<>();
        services.forEach(s -> versions.put(s.name(), Redaction.redact(s.version())));
        return versions;
    }

    @Override
    public void close() {
        for (BackingService s : services.reversed()) {
            try {
                s.close();
            } catch (RuntimeException e) {
                System.err.println("lab: could not stop " + s.name() + ": " + e.getMessage());
            }
        }
        services.clear();
    }
}
