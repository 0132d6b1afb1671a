package dev.concurrencylab.sut.mvc;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code mvc-virtual}: every handler, JDBC call included, runs on a virtual thread. */
@ActiveProfiles("mvc-virtual")
class MvcVirtualTest extends SutContract {

    private static final String VIRTUAL = ".*; virtual=true";

    @Override
    protected String postsWorkThread() {
        return VIRTUAL;
    }

    @Override
    protected String cpuWorkThread() {
        return VIRTUAL;
    }

    @Override
    protected List<String> poolMetrics() {
        return List.of("hikaricp_connections_active", "hikaricp_connections_pending");
    }
}
