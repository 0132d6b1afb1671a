package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux-parallel}: CPU work on Reactor's parallel scheduler. */
@ActiveProfiles("webflux-parallel")
class WebFluxParallelTest extends SutContract {

    @Override
    protected String postsWorkThread() {
        return Threads.R2DBC_LOOP;
    }

    @Override
    protected String cpuWorkThread() {
        return Threads.PARALLEL;
    }

    @Override
    protected List<String> poolMetrics() {
        return List.of(Threads.R2DBC_POOL);
    }
}
