package dev.concurrencylab.sut.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.sut.contract.SutContract;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.ActiveProfiles;

/** {@code mvc-platform-small}: as mvc-platform, with Tomcat's pool cut to the CPUs the JVM may use. */
@ActiveProfiles("mvc-platform-small")
class MvcPlatformSmallTest extends SutContract {

    MvcPlatformSmallTest() {
        super(Threads.TOMCAT_PLATFORM, Threads.TOMCAT_PLATFORM, List.of("hikaricp_connections_active", "tomcat_threads_busy_threads"));
    }

    @Test
    void tomcatHasOneThreadPerAvailableCpu() {
        String metrics = get("/actuator/prometheus").body();
        assertThat(metrics).containsPattern("tomcat_threads_config_max_threads\\{[^}]*} "
                + Runtime.getRuntime().availableProcessors() + "\\.0");
    }
}
