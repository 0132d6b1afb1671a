package dev.concurrencylab.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void portsHandedOutSideBySideAreNeverTheSame() {
        List<Integer> ports = IntStream.range(0, 2_000).parallel().mapToObj(i -> Ports.freeLoopbackPort()).toList();
        assertThat(ports).doesNotHaveDuplicates();
    }
}
