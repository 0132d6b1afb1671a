package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code webflux-jdbc-on-loop}: JDBC blocks the event loop itself. */
@ActiveProfiles("webflux-jdbc-on-loop")
class WebFluxJdbcOnLoopTest extends SutContract {

    @Override
    protected String postsWorkThread() {
        return Threads.EVENT_LOOP;
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
