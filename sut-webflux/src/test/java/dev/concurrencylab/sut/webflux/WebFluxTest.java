package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux}: handlers and CPU work on the event loop, rows from R2DBC's loop. */
@ActiveProfiles("webflux")
class WebFluxTest extends SutContract {

    WebFluxTest() {
        super(Threads.R2DBC_LOOP, Threads.EVENT_LOOP, List.of(Threads.R2DBC_POOL));
    }
}
