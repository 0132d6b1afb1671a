package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux}: handlers and CPU work on the event loop, rows from R2DBC's loop. */
@ActiveProfiles("webflux")
class WebFluxTest extends SutContract {

    @Override
    protected String postsWorkThread() {
        return Threads.R2DBC_LOOP;
    }

    @Override
    protected String cpuWorkThread() {
        return Threads.EVENT_LOOP;
    }

    @Override
    protected List<String> poolMetrics() {
        return List.of(Threads.R2DBC_POOL);
    }
}
