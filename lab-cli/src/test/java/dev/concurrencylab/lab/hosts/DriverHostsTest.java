package dev.concurrencylab.lab.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.load.hyperfoil.MicroServer;
import dev.concurrencylab.lab.load.share.MergedLoad;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Two driver hosts (network namespaces with their own sshd) splitting one open rate against a server here. */
class DriverHostsTest {

    @TempDir
    static Path tmp;

    private static NamespaceHosts namespaces;
    private static DriverHosts drivers;
    private static String gateway;

    @BeforeAll
    static void driverHosts() {
        String why = NamespaceHosts.unavailable();
        if (why != null) {
            System.out.println("DriverHostsTest skipped: " + why);
        }
        assumeTrue(why == null, why);
        namespaces = new NamespaceHosts(tmp.resolve("hosts"));
        HostSpec first = namespaces.add("driver-a", List.of("driver"));
        HostSpec second = namespaces.add("driver-b", List.of("driver"));
        drivers = DriverHosts.open(List.of(first, second), tmp.resolve("ssh"));
        // this machine's side of the first host's link: both hosts route to it
        gateway = Ssh.localAddressToward(first);
    }

    @AfterAll
    static void close() {
        if (drivers != null) {
            drivers.close();
        }
        if (namespaces != null) {
            namespaces.close();
        }
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void twoDriverHostsSplitAnOpenRateExactlyAndTheirHistogramsMergeWhole() throws Exception {
        try (MicroServer server = new MicroServer("0.0.0.0")) {
            LoadModel model = new LoadModel.OpenRate(2_000, Duration.ofSeconds(5), 0);
            LoadRun run = new LoadRun(server.uri(gateway), new RequestSpec("GET", "/hello", null, null, Duration.ofSeconds(5)),
                    new Checks(200, "Hello", null), model, Warmup.fixed(Duration.ofSeconds(2)));

            List<LoadResult> parts = drivers.shares(run, LoadListener.NONE);
            LoadResult merged = MergedLoad.merge(parts, List.of("driver-a", "driver-b"));

            // two measurements, not one read twice (these hosts share a file system)
            assertThat(parts.get(0).latencyNanos()).isNotEqualTo(parts.get(1).latencyNanos());
            assertThat(parts).hasSize(2).allSatisfy(p -> {
                assertThat(p.failure()).isNull();
                assertThat(p.sendRate()).isCloseTo(1_000, withinPercentage(2));
            });
            assertThat(merged.sendRate()).as("both shares together").isCloseTo(2_000, withinPercentage(1));
            assertThat(merged.errorCount()).isZero();
            assertThat(merged.latencyNanos().getTotalCount()).as("merged histogram count")
                    .isEqualTo(parts.get(0).latencyNanos().getTotalCount() + parts.get(1).latencyNanos().getTotalCount());
            assertThat(merged.good()).isEqualTo(merged.sent());
            assertThat(merged.latencyNanos().getMaxValue())
                    .isEqualTo(Math.max(parts.get(0).latencyNanos().getMaxValue(), parts.get(1).latencyNanos().getMaxValue()));
        }
    }
}
