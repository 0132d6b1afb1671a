package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux-elastic}: JDBC offloaded to boundedElastic. */
@ActiveProfiles("webflux-elastic")
class WebFluxElasticTest extends SutContract {

    @Override
    protected String postsWorkThread() {
        return Threads.BOUNDED_ELASTIC;
    }

    @Override
    protected String cpuWorkThread() {
        return Threads.EVENT_LOOP;
    }

    @Override
    protected List<String> poolMetrics() {
        return List.of(Threads.HIKARI_POOL);
    }
}
