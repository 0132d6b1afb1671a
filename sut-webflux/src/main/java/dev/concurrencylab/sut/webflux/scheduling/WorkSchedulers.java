package dev.concurrencylab.sut.webflux.scheduling;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where blocking JDBC and CPU work run, chosen by the variant's profile:
 * {@code event-loop} (no hop: the Netty thread that took the request does it), {@code parallel}
 * (Reactor's CPU-sized pool) or {@code bounded-elastic} (Reactor's pool for blocking calls).
 */
@Component
public class WorkSchedulers {

    private final Scheduler jdbc;
    private final Scheduler cpu;

    WorkSchedulers(@Value("${sut.webflux.jdbc-on:bounded-elastic}") String jdbcOn,
            @Value("${sut.webflux.cpu-on:event-loop}") String cpuOn) {
        this.jdbc = scheduler("sut.webflux.jdbc-on", jdbcOn);
        this.cpu = scheduler("sut.webflux.cpu-on", cpuOn);
    }

    public Scheduler jdbc() {
        return jdbc;
    }

    public Scheduler cpu() {
        return cpu;
    }

    private static Scheduler scheduler(String property, String name) {
        return switch (name) {
            case "event-loop" -> Schedulers.immediate();
            case "parallel" -> Schedulers.parallel();
            case "bounded-elastic" -> Schedulers.boundedElastic();
            default -> throw new IllegalArgumentException(
                    property + " must be event-loop, parallel or bounded-elastic, got '" + name + "'");
        };
    }
}
