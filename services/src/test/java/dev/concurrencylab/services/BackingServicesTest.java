package dev.concurrencylab.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;

/** Each service is a real server: it starts, answers its own protocol, and leaves no process behind. Its servers start side by side. */
@Execution(ExecutionMode.CONCURRENT)
class BackingServicesTest {

    @TempDir
    Path work;

    @Test
    void postgresqlAcceptsConnectionsAndStopsCleanly() throws Exception {
        List<Long> pids;
        try (PostgresService pg = PostgresService.start(work)) {
            assertThat(pg.version()).startsWith("PostgreSQL ");
            assertThat(Ports.accepts(pg.port())).isTrue();
            assertThat(pg.springProperties()).containsKeys("spring.datasource.url", "spring.r2dbc.url");
            pids = pg.pids();
        }
        assertGone(pids);
    }

    @Test
    void redisAnswersPing() throws Exception {
        List<Long> pids;
        try (RedisService redis = RedisService.start(work)) {
            int port = URI.create(redis.springProperties().get("spring.data.redis.url")).getPort();
            assertThat(exchange(port, "PING\r\n".getBytes(StandardCharsets.US_ASCII), 7)).isEqualTo("+PONG\r\n");
            pids = redis.pids();
        }
        assertGone(pids);
    }

    @Test
    void rabbitmqSpeaksAmqp091() throws Exception {
        List<Long> pids;
        try (RabbitMqService rabbit = RabbitMqService.start(work)) {
            assertThat(rabbit.version()).startsWith("RabbitMQ 3.");
            int port = URI.create(rabbit.springProperties().get("spring.rabbitmq.addresses")).getPort();
            byte[] header = {'A', 'M', 'Q', 'P', 0, 0, 9, 1};
            // A broker answers the protocol header with a method frame (type 1): Connection.Start.
            assertThat(exchange(port, header, 1).charAt(0)).isEqualTo((char) 1);
            pids = rabbit.pids();
        }
        assertGone(pids);
    }

    @Test
    void rabbitmqWhoseEpmdStopsFirstStartsNoDaemonEpmdThatWouldOutliveTheLab() throws Exception {
        String epmdPort;
        try (RabbitMqService rabbit = RabbitMqService.start(work)) {
            ChildProcess epmd = rabbit.processes().stream().filter(p -> p.log().getFileName().toString().equals("epmd.log")).findFirst().orElseThrow();
            ChildProcess broker = rabbit.processes().stream().filter(p -> p != epmd).findFirst().orElseThrow();
            epmdPort = argumentAfter("-port", epmd.pid());
            // The broker looks for its epmd once a minute; asked here, it looks 5 s from now instead of waiting out its
            // timer (70 s of this test), by the same message its timer sends. Asked while its epmd still answers.
            askForEpmdCheck(broker, epmdPort, Duration.ofSeconds(5));
            int linesBefore = broker.logLines().size();
            // as when a host's process group is stopped at once: the broker's epmd may go before the broker
            epmd.close();
            broker.awaitReady(Duration.ofSeconds(75), () -> broker.logLines().stream().skip(linesBefore)
                    .anyMatch(line -> line.contains("epmd does not know us") || line.contains("epmd monitor failed")));
            // finding none, it runs an Erlang VM ('erl -sname epmd-starter-…') to bring one back: wait until it has run
            broker.awaitReady(Duration.ofSeconds(10), () -> !descendantsNamed(broker.pid(), "epmd-starter").isEmpty());
            broker.awaitReady(Duration.ofSeconds(30), () -> descendantsNamed(broker.pid(), "epmd-starter").isEmpty());
            assertThat(daemonEpmdsFor(epmdPort)).as("daemon epmd started while the broker ran").isEmpty();
        }
        assertThat(daemonEpmdsFor(epmdPort)).as("daemon epmd started while the broker stopped").isEmpty();
    }

    @Test
    void kafkaBrokerServesItsCluster() {
        List<Long> pids;
        try (KafkaService kafka = KafkaService.start(work)) {
            assertThat(kafka.version()).startsWith("Apache Kafka 4.");
            assertThat(kafka.springProperties()).containsEntry("spring.kafka.bootstrap-servers", kafka.bootstrapServers());
            pids = kafka.pids();
        }
        assertGone(pids);
    }

    @Test
    void redisStartedForOtherHostsAnswersThemAtThatAddressAndStillOnLoopback() throws Exception {
        String address = nonLoopbackAddress();
        assumeTrue(address != null, "this machine has no address besides loopback");
        try (RedisService redis = RedisService.start(work, address)) {
            URI url = URI.create(redis.springProperties().get("spring.data.redis.url"));
            assertThat(url.getHost()).isEqualTo(address);
            // not turned away by protected mode, which refuses clients off loopback unless told not to
            assertThat(exchange(InetAddress.getByName(address), url.getPort(), "PING\r\n".getBytes(StandardCharsets.US_ASCII), 7)).isEqualTo("+PONG\r\n");
            assertThat(exchange(url.getPort(), "PING\r\n".getBytes(StandardCharsets.US_ASCII), 7)).isEqualTo("+PONG\r\n");
        }
    }

    @Test
    void aMissingBinaryNamesTheCommandThatInstallsIt() {
        assertThatThrownBy(() -> Binaries.require("no-such-server-binary", List.of(), "apt-get install no-such-server"))
                .isInstanceOf(ServiceException.class)
                .hasMessage("no-such-server-binary not found; install it with: apt-get install no-such-server");
    }

    @Test
    void aBusyPortIsReportedInOneLine() throws Exception {
        try (var socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> Ports.requireFree(socket.getLocalPort(), "postgresql"))
                    .hasMessageContaining("port " + socket.getLocalPort()).hasMessageContaining("already in use");
        }
    }

    private static String exchange(int port, byte[] request, int answerBytes) throws Exception {
        return exchange(InetAddress.getLoopbackAddress(), port, request, answerBytes);
    }

    private static String exchange(InetAddress address, int port, byte[] request, int answerBytes) throws Exception {
        try (Socket socket = new Socket(address, port)) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes(answerBytes), StandardCharsets.ISO_8859_1);
        }
    }

    private static String nonLoopbackAddress() throws Exception {
        return java.util.Collections.list(java.net.NetworkInterface.getNetworkInterfaces()).stream()
                .filter(i -> { try { return i.isUp() && !i.isLoopback(); } catch (java.net.SocketException e) { return false; } })
                .flatMap(i -> java.util.Collections.list(i.getInetAddresses()).stream())
                .filter(a -> a instanceof java.net.Inet4Address).map(InetAddress::getHostAddress).findFirst().orElse(null);
    }

    /**
     * Has the broker send its epmd monitor the check its timer sends every minute, {@code after} from now, through
     * rabbitmqctl as the broker's own user, with its node name and epmd port.
     */
    private void askForEpmdCheck(ChildProcess broker, String epmdPort, Duration after) {
        String node = proc(broker.pid(), "environ").stream().filter(v -> v.startsWith("RABBITMQ_NODENAME="))
                .map(v -> v.substring(v.indexOf('=') + 1)).findFirst().orElseThrow();
        ChildProcess.runToEnd("rabbitmqctl", List.of(RabbitMqService.CTL.toString(), "-n", node, "eval",
                        "timer:apply_after(" + after.toMillis() + ", gen_server, cast, [rabbit_epmd_monitor, check])."),
                java.util.Map.of("HOME", "/var/lib/rabbitmq", "ERL_EPMD_PORT", epmdPort), work.resolve("rabbitmqctl.log"), "rabbitmq", Duration.ofSeconds(30));
    }

    /** Processes below {@code pid} whose command line contains {@code text}. */
    private static List<Long> descendantsNamed(long pid, String text) {
        return ProcessHandle.of(pid).stream().flatMap(ProcessHandle::descendants)
                .filter(p -> String.join(" ", proc(p.pid(), "cmdline")).contains(text)).map(ProcessHandle::pid).toList();
    }

    /**
     * Daemon epmds this test's broker started: an Erlang VM runs one with the environment it has, so with
     * ERL_EPMD_PORT set to this broker's own port. Any other daemon epmd on the machine (another test's,
     * another user's RabbitMQ) is not this test's doing.
     */
    private static List<String> daemonEpmdsFor(String epmdPort) {
        return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains("epmd") && p.info().commandLine().orElse("").contains("-daemon"))
                .filter(p -> proc(p.pid(), "environ").contains("ERL_EPMD_PORT=" + epmdPort))
                .map(p -> p.info().commandLine().orElse("")).toList();
    }

    /** The word after {@code option} on the command line of {@code pid} or of a process below it (a start as another user wraps it). */
    private static String argumentAfter(String option, long pid) {
        return Stream.concat(ProcessHandle.of(pid).stream(), ProcessHandle.of(pid).stream().flatMap(ProcessHandle::descendants))
                .map(p -> proc(p.pid(), "cmdline")).filter(words -> words.contains(option))
                .map(words -> words.get(words.indexOf(option) + 1)).findFirst().orElseThrow();
    }

    /** A NUL-separated file of /proc/PID, as its words; none when it cannot be read (the process ended). */
    private static List<String> proc(long pid, String file) {
        try {
            return List.of(new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), file)),
                    StandardCharsets.UTF_8).split("\0"));
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void assertGone(List<Long> pids) {
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("process %d alive", pid).isFalse();
        }
    }
}
