package dev.concurrencylab.lab.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ListeningProcessTest {

    @Test
    void theProcessListeningOnALoopbackPortIsFoundByItsPid() throws Exception {
        HelloServer server = HelloServer.start();
        try {
            assertThat(ListeningProcess.on(server.port())).hasValue(server.process().pid());
        } finally {
            server.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPortNobodyListensOnHasNoProcess() throws Exception {
        try (RefusingPort nobody = new RefusingPort()) {
            assertThat(ListeningProcess.on(nobody.port())).isEmpty();
        }
    }

    @Test
    void theLabItselfIsNeverTakenForTheServer() throws Exception {
        try (ServerSocket own = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            assertThat(ListeningProcess.on(own.getLocalPort())).isEmpty();
        }
    }
}
