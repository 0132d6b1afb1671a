package dev.concurrencylab.sut.mvc;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.springframework.test.context.ActiveProfiles;

/** {@code mvc-platform}: Tomcat's own platform threads do the handler's work, JDBC included. */
@ActiveProfiles("mvc-platform")
class MvcPlatformTest extends SutContract {

    MvcPlatformTest() {
        super(Threads.TOMCAT_PLATFORM, Threads.TOMCAT_PLATFORM, List.of("hikaricp_connections_active", "hikaricp_connections_pending", "tomcat_threads_busy_threads"));
    }
}
