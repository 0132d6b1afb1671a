package dev.concurrencylab.sut.mvc.tomcat;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * {@code mvc-platform-small} (E1's third run): Tomcat's pool cut to the CPUs this process may use,
 * which is what Netty sizes its event loops by. Read at start, so a CPU limit set by the lab counts.
 */
@Component
@ConditionalOnProperty("sut.tomcat.threads-per-cpu")
class CpuSizedTomcatThreads implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final int threads;

    CpuSizedTomcatThreads(org.springframework.core.env.Environment environment) {
        int perCpu = environment.getRequiredProperty("sut.tomcat.threads-per-cpu", Integer.class);
        this.threads = Math.max(1, perCpu * Runtime.getRuntime().availableProcessors());
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof org.apache.coyote.AbstractProtocol<?> protocol) {
                protocol.setMaxThreads(threads);
                protocol.setMinSpareThreads(Math.min(threads, protocol.getMinSpareThreads()));
            }
        });
    }
}
