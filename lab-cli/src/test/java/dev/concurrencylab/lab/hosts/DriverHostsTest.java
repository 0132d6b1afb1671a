package dev.concurrencylab.lab.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.load.hyperfoil.MicroServer;
import dev.concurrencylab.lab.load.share.MergedLoad;
import dev.concurrencylab.lab.load.share.ShareAgent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Two driver hosts (network namespaces with their own sshd) splitting one open rate against a server here. Its
 * tests run beside each other but not beside the one that kills a share: that finds the share by this JVM's PID
 * in its file's name, which a share of another test here has too (seen: it killed both, and the other test failed).
 */
@Execution(ExecutionMode.CONCURRENT)
class DriverHostsTest {

    private static final String SHARES = "DriverHostsTest: this JVM's shares";

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
    @ResourceLock(value = SHARES, mode = ResourceAccessMode.READ)
    void twoDriverHostsSplitAnOpenRateExactlyAndTheirHistogramsMergeWhole() throws Exception {
        try (MicroServer server = new MicroServer("0.0.0.0")) {
            LoadRun run = hello(server, 2_000, 5, 2);

            List<LoadResult> parts = drivers.shares(run, LoadListener.NONE);
            LoadResult merged = MergedLoad.merge(parts, List.of("driver-a", "driver-b"));

            // two measurements, not one read twice (these hosts share a file system)
            assertThat(parts.get(0).latencyNanos()).isNotEqualTo(parts.get(1).latencyNanos());
            // Each host sends its half and no more: sending the whole rate would be 2,000 a host. How close to its half it
            // gets is the machine's (two hosts' drivers sharing its cores sent 663 and 691 a second at a load of 16).
            assertThat(parts).hasSize(2).allSatisfy(p -> {
                assertThat(p.failure()).isNull();
                assertThat(p.sendRate()).isPositive().isLessThanOrEqualTo(1_000 * 1.02);
            });
            assertThat(merged.sent()).as("both shares together").isEqualTo(parts.get(0).sent() + parts.get(1).sent());
            assertThat(merged.errorCount()).isZero();
            assertThat(merged.latencyNanos().getTotalCount()).as("merged histogram count")
                    .isEqualTo(parts.get(0).latencyNanos().getTotalCount() + parts.get(1).latencyNanos().getTotalCount());
            assertThat(merged.good()).isEqualTo(merged.sent());
            assertThat(merged.latencyNanos().getMaxValue())
                    .isEqualTo(Math.max(parts.get(0).latencyNanos().getMaxValue(), parts.get(1).latencyNanos().getMaxValue()));
        }
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    @ResourceLock(value = SHARES, mode = ResourceAccessMode.READ)
    void aWindowLongerThanOneWaitOnTheHostsStillMergesWhole() throws Exception {
        try (MicroServer server = new MicroServer("0.0.0.0")) {
            // 14 s: the lab waits on each host for at most 10 s at a time, so the first host's share is waited for twice
            LoadRun run = hello(server, 400, 14, 1);

            LoadResult merged = drivers.run(run, LoadListener.NONE);

            assertThat(merged.failure()).isNull();
            assertThat(merged.sendRate()).isPositive().isLessThanOrEqualTo(400 * 1.01);
            assertThat(merged.good()).isEqualTo(merged.sent());
        }
    }

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    @ResourceLock(value = SHARES, mode = ResourceAccessMode.READ_WRITE)
    void aShareThatDiesMidWindowFailsTheWindowNamingItsHost() throws Exception {
        try (MicroServer server = new MicroServer("0.0.0.0")) {
            LoadRun run = hello(server, 400, 8, 1);
            // the hosts are network namespaces of this machine: the second host's share is a process here to kill
            Pattern secondShare = Pattern.compile(ShareAgent.class.getName() + " \\S*/shares/" + ProcessHandle.current().pid() + "-\\d+-1\\.json ");
            List<String> seen = new CopyOnWriteArrayList<>();
            AtomicInteger killed = new AtomicInteger();
            CountDownLatch measuring = new CountDownLatch(1);
            Thread killer = Thread.ofVirtual().start(() -> {
                try {
                    // timed from the window's start as the lab keeps it, not from now: a busy machine may start the shares late
                    measuring.await();
                    Thread.sleep(2_000);
                    ProcessHandle.allProcesses().forEach(p -> commandLine(p).filter(c -> c.contains("ShareAgent")).ifPresent(c -> {
                        seen.add(c);
                        if (secondShare.matcher(c).find() && p.destroyForcibly()) {
                            killed.incrementAndGet();
                        }
                    }));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });

            LoadResult merged = drivers.run(run, new LoadListener() {
                @Override
                public void phase(LoadPhase phase) {
                    if (phase == LoadPhase.MEASURE) {
                        measuring.countDown();
                    }
                }
            });
            measuring.countDown();
            killer.join();

            assertThat(killed.get()).as("the second share was found and killed; shares seen: %s", seen).isEqualTo(1);

            assertThat(merged.failure()).as("the window is failed, not merged from one share")
                    .startsWith("driver host driver-b: its share ended without a result");
            assertThat(merged.sent()).isZero();
        }
    }

    /** Its whole command line from /proc: the JDK's {@code Info.commandLine()} is empty for some long ones. */
    private static Optional<String> commandLine(ProcessHandle p) {
        try {
            return Optional.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' '));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** An open rate of GET /hello against {@code server} through the hosts' gateway, for {@code seconds} after a fixed warm-up. */
    private static LoadRun hello(MicroServer server, int rate, int seconds, int warmupSeconds) {
        return new LoadRun(server.uri(gateway), new RequestSpec("GET", "/hello", null, null, Duration.ofSeconds(5)),
                new Checks(200, "Hello", null), new OpenRate(rate, Duration.ofSeconds(seconds), 0), Warmup.fixed(Duration.ofSeconds(warmupSeconds)));
    }
}
