package dev.concurrencylab.lab.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.services.Ports;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ListeningProcessTest {

    @Test
    void theProcessListeningOnALoopbackPortIsFoundByItsPid() throws Exception {
        int port = Ports.freeLoopbackPort();
        Process server = HelloServer.start(port);
        try {
            assertThat(ListeningProcess.on(port)).hasValue(server.pid());
        } finally {
            server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPortNobodyListensOnHasNoProcess() throws Exception {
        assertThat(ListeningProcess.on(Ports.freeLoopbackPort())).isEmpty();
    }

    @Test
    void theLabItselfIsNeverTakenForTheServer() throws Exception {
        try (ServerSocket own = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            assertThat(ListeningProcess.on(own.getLocalPort())).isEmpty();
        }
    }
}
