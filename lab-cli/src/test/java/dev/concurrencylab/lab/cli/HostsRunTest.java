package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.hosts.HostSpec;
import dev.concurrencylab.lab.hosts.NamespaceHosts;
import dev.concurrencylab.lab.result.ResultStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The server under test on another host (a network namespace with its own sshd), the driver here. The class runs
 * beside others, its tests one at a time: each ends by asking that nothing of its lab is left on the hosts, which
 * they all share, so a second test's server there would be taken for the first's.
 */
@Execution(ExecutionMode.CONCURRENT)
class HostsRunTest {

    @TempDir
    static Path tmp;

    private static NamespaceHosts hosts;
    private static Path hostsFile;
    private static Path withDatabaseHost;
    private static Path withDriverHosts;
    private static Path withBrokersHost;

    @BeforeAll
    static void serverHost() throws IOException {
        String why = NamespaceHosts.unavailable();
        if (why != null) {
            System.out.println("HostsRunTest skipped: " + why);
        }
        assumeTrue(why == null, why);
        hosts = new NamespaceHosts(tmp.resolve("hosts"));
        HostSpec server = hosts.add("app-box", List.of("server"));
        // as on a 2-core machine: the driver keeps CPU 0, the server host's servers get CPU 1
        String app = entry(server, "roles: [server]", "cpus: \"1\"");
        hostsFile = Files.writeString(tmp.resolve("hosts.yaml"), "hosts:\n" + app);
        String db = entry(hosts.add("db-box", List.of("services")), "roles: [services]", "services: [postgresql]");
        withDatabaseHost = Files.writeString(tmp.resolve("hosts-with-db.yaml"), "hosts:\n" + app + db);
        String drivers = entry(hosts.add("driver-a", List.of("driver")), "roles: [driver]")
                + entry(hosts.add("driver-b", List.of("driver")), "roles: [driver]");
        withDriverHosts = Files.writeString(tmp.resolve("hosts-with-drivers.yaml"), "hosts:\n" + app + drivers);
        String brokers = entry(hosts.add("brokers-box", List.of("services")), "roles: [services]", "services: [postgresql, kafka, rabbitmq, redis]");
        withBrokersHost = Files.writeString(tmp.resolve("hosts-with-brokers.yaml"), "hosts:\n" + app + brokers);
    }

    /** One host of a hosts.yaml: how to reach it, then {@code lines} (its roles and the rest), as a user writes them. */
    private static String entry(HostSpec host, String... lines) {
        StringBuilder yaml = new StringBuilder("  - name: %s\n    address: %s\n    key: %s\n    known-hosts: %s\n"
                .formatted(host.name(), host.address(), host.key(), host.knownHosts()));
        for (String line : lines) {
            yaml.append("    ").append(line).append('\n');
        }
        return yaml.toString();
    }

    @AfterAll
    static void close() {
        if (hosts != null) {
            hosts.close();
        }
    }

    /**
     * One run for both, since each child lab here costs a minute or more: the server on one host, the load from two others.
     */
    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    @Execution(ExecutionMode.SAME_THREAD)
    void aServerOnAnotherHostIsStartedWatchedThereAndStoppedWhileTwoDriverHostsShareItsOpenRate(@TempDir Path dir) throws Exception {
        // A warm-up until steady, so the JIT's compiler threads are read there (jitMsLately); driver hosts run it to its
        // maximum (their shares could not end it together), so that is 6 s rather than 15.
        String suite = """
                name: drivers-on-hosts
                variants: [mvc-platform]
                trials: 1
                warmup: {min: 3s, max: 6s}
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 400, duration: 4s}
                """;
        // Another build's jar and archive on the host: two days old they go as this build's jar is put there; a fresh one stays.
        // Named after this JVM: the host's folder is this machine's, and another test run's lab planted the same names there
        // after this one's had pruned them.
        long pid = ProcessHandle.current().pid();
        Path home = Path.of("/tmp/concurrency-lab");
        Path oldJar = Files.createDirectories(home.resolve("jars")).resolve("%016x-sut-mvc.jar".formatted(pid));
        Path oldArchive = Files.createDirectories(home.resolve("cds/hostsruntest-old-build-" + pid)).resolve("%016x-sut-mvc.jar".formatted(pid));
        Path freshJar = home.resolve("jars/f%015x-sut-mvc.jar".formatted(pid));
        for (Path old : List.of(oldJar, oldArchive)) {
            Files.writeString(old, "an earlier build");
            Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minus(java.time.Duration.ofDays(2))));
        }
        Files.writeString(freshJar, "a build of today");
        try (ChildLab lab = ChildLab.start(dir, suite, "run", List.of(), List.of("--hosts", withDriverHosts.toString(), "--cpus", "driver=0"))) {
            lab.awaitExit();
            assertThat(lab.process.exitValue()).as("exit code; output: %s", lab.log()).isZero();

            JsonNode trial = ResultStore.JSON.readTree(lab.trials().getFirst().toFile());
            assertThat(trial.path("status").asText()).as("trial: %s", trial).isEqualTo("ok");
            assertThat(trial.path("count").asLong()).isPositive();
            JsonNode figures = trial.path("resourceSummary").path("figures");
            assertThat(figures.path("sut.cpu.percent").path("avg").asDouble()).as("server CPU, read from the host's /proc").isPositive();
            assertThat(figures.path("sut.rss.mb").path("peak").asDouble()).as("server RSS").isGreaterThan(50);
            assertThat(figures.path("sut.threads").path("peak").asDouble()).as("server threads").isGreaterThan(10);
            assertThat(trial.path("cost").path("cpuMsPer1k").asDouble()).as("server CPU per 1,000 answers").isPositive();
            assertThat(trial.path("jitMsLately").isNumber()).as("the JIT's compiler threads, read from the host's kernel: %s", trial).isTrue();
            // Each host sending the whole rate would be 800 a second. How near the whole rate two drivers get is the machine's,
            // not this test's: beside other tests' labs they sent 184 a second together (CI, 2 cores), so only "no more than the
            // whole" is asserted here; that each host sends its own share is DriverHostsTest's, host by host.
            assertThat(trial.findValue("targetRate").asDouble()).as("the rate asked of both hosts together").isEqualTo(400.0);
            assertThat(trial.findValue("achievedRate").asDouble()).as("both hosts' shares together").isPositive().isLessThanOrEqualTo(404.0);

            JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
            assertThat(run.path("hosts").findValuesAsText("name")).containsExactly("app-box", "driver-a", "driver-b");
            JsonNode host = run.path("hosts").path(0);
            assertThat(host.path("serverCpus").asText()).isEqualTo("1");
            assertThat(host.path("machine").path("jdk").asText()).startsWith("25");
            assertThat(host.path("rttMedianMs").asDouble()).isPositive();
            assertThat(lab.log()).contains("servers run on app-box").doesNotContain("without a CDS archive");
            // the host made its own archive of the start-up, as this machine does (the namespace shares this file system)
            try (var archives = Files.walk(Path.of("/tmp/concurrency-lab/cds"))) {
                assertThat(archives.filter(p -> p.getFileName().toString().equals("app.jsa"))).isNotEmpty();
            }
            assertThat(oldJar).as("another build's jar, two days old").doesNotExist();
            assertThat(oldArchive.getParent()).as("the archive made of it").doesNotExist();
            assertThat(freshJar).as("another build's jar of today: a run of it may be under way").exists();
        } finally {
            Files.deleteIfExists(freshJar);
        }
        assertThat(serversOnTheHost()).as("no server left on the host").isEmpty();
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    @Execution(ExecutionMode.SAME_THREAD)
    void aLabKilledMidTrialLeavesNoServerNoServiceAndNoSessionOnAnyHost(@TempDir Path dir) throws Exception {
        try (ChildLab lab = ChildLab.start(dir, suite("1s", "60s"), "run", List.of(), List.of("--hosts", withDatabaseHost.toString(), "--cpus", "driver=0"))) {
            lab.awaitWhileRunning(() -> lab.log().contains("[1/1]") && !serversOnTheHost().isEmpty() && !servicesOnTheirHost().isEmpty(),
                    "the first trial under way, its server on app-box and PostgreSQL on db-box");

            lab.process.toHandle().destroyForcibly();
            lab.process.waitFor();

            long killed = System.nanoTime();
            while ((!serversOnTheHost().isEmpty() || !sessionsOnTheHost().isEmpty() || !servicesOnTheirHost().isEmpty())
                    && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(30)) {
                Thread.sleep(100);
            }
            assertThat(serversOnTheHost()).as("servers on app-box 30 s after kill -9").isEmpty();
            assertThat(servicesOnTheirHost()).as("PostgreSQL and its launcher on db-box 30 s after kill -9").isEmpty();
            assertThat(sessionsOnTheHost()).as("sshd sessions of the lab 30 s after kill -9").isEmpty();
        }
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    @Execution(ExecutionMode.SAME_THREAD)
    void aHostWhoseConnectionIsLostFailsItsTrialsNamingTheHostAndKeepsNoServerThere(@TempDir Path dir) throws Exception {
        try (ChildLab lab = ChildLab.start(dir, suite("1s", "60s").replace("trials: 1", "trials: 2"), "run", List.of(),
                List.of("--hosts", hostsFile.toString(), "--cpus", "driver=0"))) {
            lab.awaitWhileRunning(() -> lab.log().contains("[1/2]") && !serversOnTheHost().isEmpty(), "the first trial under way on the host");

            // the lab's one connection to the host: every session rides on it
            ProcessHandle master = lab.process.toHandle().descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains(" -M -N ")).findFirst().orElseThrow();
            master.destroyForcibly();

            lab.awaitExit();
            assertThat(lab.process.exitValue()).as("exit code: trials failed; output: %s", lab.log()).isEqualTo(1);
            List<JsonNode> trials = new java.util.ArrayList<>();
            for (Path file : lab.trials()) {
                trials.add(ResultStore.JSON.readTree(file.toFile()));
            }
            assertThat(trials).hasSize(2).allSatisfy(t -> assertThat(t.path("status").asText()).isEqualTo("failed"));
            assertThat(trials.get(0).findValue("failure").asText()).contains("the connection to host app-box was lost during the trial");
            assertThat(trials.get(1).findValue("failure").asText()).startsWith("host app-box").contains("connection lost");
        }
        long lost = System.nanoTime();
        while (!serversOnTheHost().isEmpty() && System.nanoTime() - lost < TimeUnit.SECONDS.toNanos(20)) {
            Thread.sleep(100);
        }
        assertThat(serversOnTheHost()).as("servers on the host after the connection was lost").isEmpty();
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    @Execution(ExecutionMode.SAME_THREAD)
    void theDatabaseAndBrokersOnAServicesHostServeAndCarryTheWorkOfTheServerOnAnother(@TempDir Path dir) throws Exception {
        String suite = """
                name: services-on-a-host
                variants: [mvc-platform]
                trials: 1
                warmup: 1s
                launch: per-round
                # one server for the read and the three brokers in turn: what is asserted is each one's answers, not a server each
                benchmarks:
                  - name: posts
                    workload: posts-read
                    load: {model: max-rate, workers: 4, duration: 2s}
                """ + ChildLab.handOffs(1, "", "kafka", "rabbitmq", "redis");
        try (ChildLab lab = ChildLab.start(dir, suite, "run", List.of(), List.of("--hosts", withBrokersHost.toString(), "--cpus", "driver=0"))) {
            lab.awaitExit();
            assertThat(lab.process.exitValue()).as("exit code; output: %s", lab.log()).isZero();

            assertThat(lab.trials()).hasSize(4);
            for (Path file : lab.trials()) {
                JsonNode trial = ResultStore.JSON.readTree(file.toFile());
                assertThat(trial.path("status").asText()).as("trial %s", file.getFileName()).isEqualTo("ok");
                if (trial.path("benchmark").asText().equals("posts")) {
                    assertThat(trial.path("count").asLong()).as("good answers, each a row read from PostgreSQL on brokers-box").isPositive();
                    // Read there, not how much nor in every second: on a machine at a load of ~15 (a test run beside loops of
                    // tests) the window's cost had no PostgreSQL figure twice, a read of the host's /proc failing in one of
                    // its seconds (a second unknown leaves the cost out) or the few reads costing less than the 10 ms tick.
                    List<Double> postgres = new java.util.ArrayList<>();
                    for (JsonNode second : trial.path("resources")) {
                        JsonNode cpu = second.path("values").path("postgresql.cpu.percent");
                        if (cpu.isNumber()) {
                            postgres.add(cpu.asDouble());
                        }
                    }
                    assertThat(postgres).as("PostgreSQL's CPU, read on brokers-box, second by second").isNotEmpty().allMatch(v -> v >= 0);
                    continue;
                }
                assertThat(trial.findValue("handedOff").asLong()).as("handed off in %s", file.getFileName()).isPositive();
                assertThat(trial.findValue("completed").asLong()).as("completed through the broker on brokers-box in %s", file.getFileName())
                        .isEqualTo(trial.findValue("handedOff").asLong());
            }
            JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
            for (String name : List.of("postgresql", "kafka", "rabbitmq", "redis")) {
                assertThat(run.path("services").path(name).asText()).as(name).contains("on brokers-box");
            }
            assertThat(run.path("hosts").findValuesAsText("name")).as("hosts in run.json").containsExactly("app-box", "brokers-box");
            JsonNode services = run.path("hosts").get(1);
            assertThat(services.path("machine").path("jdk").asText()).isNotBlank();
            assertThat(services.path("rttSamples").asInt()).isPositive();
            assertThat(Files.readString(lab.out.resolve("report.md"))).contains("every latency includes the network's round trip")
                    .contains("brokers-box (services;");
        }
        assertThat(hosts.processes().filter(p -> p.info().commandLine().orElse("").contains("lab-services-"))
                .filter(p -> running(p.pid())).count()).as("no service left running on brokers-box").isZero();
        // a process that left its group (a daemon epmd) would outlive everything: none may be left on the hosts
        assertThat(hosts.processes().filter(p -> p.info().commandLine().orElse("").contains("epmd"))
                .filter(p -> running(p.pid())).map(p -> p.info().commandLine().orElse("")).toList()).as("epmd left running").isEmpty();
    }

    private static String suite(String warmup, String window) {
        return """
                name: on-a-host
                variants: [mvc-platform]
                trials: 1
                warmup: %s
                benchmarks:
                  - workload: hello
                    load: {model: max-rate, workers: 4, duration: %s}
                """.formatted(warmup, window);
    }

    /** Servers the lab started on the host: Java processes running a jar it put there. */
    private static List<Long> serversOnTheHost() {
        return hosts.processes().filter(p -> p.info().commandLine().orElse("").contains("-jar /tmp/concurrency-lab/"))
                .filter(p -> running(p.pid())).map(ProcessHandle::pid).toList();
    }

    /** What the lab started on a services host: its services launcher and the services under it. */
    private static List<Long> servicesOnTheirHost() {
        return hosts.processes().filter(p -> p.info().commandLine().orElse("").contains("lab-services-")
                        || p.info().commandLine().orElse("").contains("ServicesMain"))
                .filter(p -> running(p.pid())).map(ProcessHandle::pid).toList();
    }

    /** What the host's sshd runs for the lab: a session process per connection, below the listener. */
    private static List<Long> sessionsOnTheHost() {
        return hosts.processes().filter(p -> p.info().commandLine().orElse("").startsWith("sshd: root"))
                .filter(p -> running(p.pid())).map(ProcessHandle::pid).toList();
    }

    /** Running, not just not yet reaped: here no init reaps what the host's shell left behind. */
    private static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException e) {
            return false;
        }
    }
}
