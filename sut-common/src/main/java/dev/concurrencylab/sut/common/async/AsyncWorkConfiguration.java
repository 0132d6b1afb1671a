package dev.concurrencylab.sut.common.async;

import dev.concurrencylab.workload.async.WorkLedger;
import dev.concurrencylab.workload.async.Worker;
import java.time.Duration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;

/** E2's executors and the ledger that proves every item handed off was done. */
@Configuration(proxyBeanMethods = false)
@EnableAsync
@EnableConfigurationProperties(AsyncProperties.class)
class AsyncWorkConfiguration {

    /** Registered with Micrometer by Boot because it is a {@code MeterBinder}. */
    @Bean
    WorkLedger workLedger() {
        return new WorkLedger();
    }

    @Bean
    Worker worker(WorkLedger ledger, AsyncProperties async) {
        return new Worker(ledger, Duration.ofMillis(async.workMs()));
    }

    /** A new thread per item, unbounded unless {@code sut.async.simple-limit}; a virtual one when the variant runs on virtual threads. */
    @Bean
    SimpleAsyncTaskExecutor asyncSimpleExecutor(Environment environment, AsyncProperties async) {
        SimpleAsyncTaskExecutor executor = new SimpleAsyncTaskExecutor("async-simple-");
        executor.setVirtualThreads(Threading.VIRTUAL.isActive(environment));
        executor.setConcurrencyLimit(async.simpleLimit());
        return executor;
    }

    /**
     * Bounded on purpose, as in E2: a full queue rejects the item (a 503), which the original showed
     * as failed requests. Platform threads in every variant, because a bounded pool is the point.
     */
    @Bean
    ThreadPoolTaskExecutor asyncPoolExecutor(AsyncProperties async) {
        ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();
        executor.setThreadNamePrefix("async-pool-");
        executor.setCorePoolSize(async.pool().threads());
        executor.setMaxPoolSize(async.pool().threads());
        executor.setQueueCapacity(async.pool().queue());
        return executor;
    }
}
