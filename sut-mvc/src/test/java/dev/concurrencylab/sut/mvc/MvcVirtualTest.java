package dev.concurrencylab.sut.mvc;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code mvc-virtual}: every handler, JDBC call included, runs on a virtual thread. */
@ActiveProfiles("mvc-virtual")
class MvcVirtualTest extends SutContract {

    MvcVirtualTest() {
        super(Threads.VIRTUAL, Threads.VIRTUAL, List.of("hikaricp_connections_active", "hikaricp_connections_pending"));
    }
}
