package dev.concurrencylab.sut.webflux.scheduling;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Where a WebFlux variant runs its blocking JDBC and its CPU work ({@code sut.webflux.jdbc-on},
 * {@code sut.webflux.cpu-on}), set by the variant's profile.
 */
@ConfigurationProperties("sut.webflux")
public record SchedulingProperties(@DefaultValue("bounded-elastic") Placement jdbcOn, @DefaultValue("event-loop") Placement cpuOn) {

    /** A place for work; written in properties as {@code event-loop}, {@code parallel}, {@code bounded-elastic}. */
    public enum Placement {
        /** No hop: the Netty thread that took the request does the work. */
        EVENT_LOOP,
        /** Reactor's CPU-sized pool. */
        PARALLEL,
        /** Reactor's pool for blocking calls. */
        BOUNDED_ELASTIC;

        Scheduler scheduler() {
            return switch (this) {
                case EVENT_LOOP -> Schedulers.immediate();
                case PARALLEL -> Schedulers.parallel();
                case BOUNDED_ELASTIC -> Schedulers.boundedElastic();
            };
        }
    }
}
