package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux-parallel}: CPU work on Reactor's parallel scheduler. */
@ActiveProfiles("webflux-parallel")
class WebFluxParallelTest extends SutContract {

    WebFluxParallelTest() {
        super(Threads.R2DBC_LOOP, Threads.PARALLEL, List.of(Threads.R2DBC_POOL));
    }
}
