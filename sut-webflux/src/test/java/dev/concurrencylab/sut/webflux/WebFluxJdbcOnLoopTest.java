package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux-jdbc-on-loop}: JDBC blocks the event loop itself. */
@ActiveProfiles("webflux-jdbc-on-loop")
class WebFluxJdbcOnLoopTest extends SutContract {

    WebFluxJdbcOnLoopTest() {
        super(Threads.EVENT_LOOP, Threads.EVENT_LOOP, List.of(Threads.HIKARI_POOL));
    }
}
