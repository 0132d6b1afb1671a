package dev.concurrencylab.sut.webflux.scheduling;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Component;
import reactor.core.scheduler.Scheduler;

/** Where blocking JDBC and CPU work run, chosen by the variant's profile ({@link SchedulingProperties}). */
@Component
@EnableConfigurationProperties(SchedulingProperties.class)
public class WorkSchedulers {

    private final Scheduler jdbc;
    private final Scheduler cpu;

    WorkSchedulers(SchedulingProperties placement) {
        this.jdbc = placement.jdbcOn().scheduler();
        this.cpu = placement.cpuOn().scheduler();
    }

    public Scheduler jdbc() {
        return jdbc;
    }

    public Scheduler cpu() {
        return cpu;
    }
}
