package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux-elastic}: JDBC offloaded to boundedElastic. */
@ActiveProfiles("webflux-elastic")
class WebFluxElasticTest extends SutContract {

    WebFluxElasticTest() {
        super(Threads.BOUNDED_ELASTIC, Threads.EVENT_LOOP, List.of(Threads.HIKARI_POOL));
    }
}
