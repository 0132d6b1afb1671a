package dev.concurrencylab.services;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;

/**
 * A single-node Kafka broker in KRaft combined mode (broker and controller in one process), run as
 * a child JVM from the Kafka jars on this JVM's class path, on free loopback ports.
 */
public final class KafkaService implements BackingService {

    private final ChildProcess broker;
    private final int port;

    private final String host;

    private KafkaService(ChildProcess broker, int port, String host) {
        this.broker = broker;
        this.port = port;
        this.host = host;
    }

    public static KafkaService start(Path workRoot) {
        return start(workRoot, null);
    }

    /**
     * @param address an address of this machine that servers on other hosts reach it at: the broker
     *                then listens and advertises itself there (clients here reach it there too)
     */
    public static KafkaService start(Path workRoot, String address) {
        String host = address == null ? "127.0.0.1" : address;
        Path dir = WorkDirs.create(workRoot, "kafka");
        int port = Ports.freeLoopbackPort();
        int controllerPort = Ports.freeLoopbackPort();
        Path config = dir.resolve("server.properties");
        ChildProcess.writeFile(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://" + host + ":" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://" + host + ":" + port,
                "controller.listener.names=CONTROLLER",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + dir.resolve("data"),
                "num.partitions=1",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "auto.create.topics.enable=true",
                ""));
        ChildProcess.runToEnd("kafka storage format", java("kafka.tools.StorageTool", "format", "-t",
                Uuid.randomUuid().toString(), "-c", config.toString()), Map.of(), dir.resolve("format.log"), null,
                Duration.ofSeconds(60));
        ChildProcess broker = ChildProcess.start("kafka", java("kafka.Kafka", config.toString()),
                Map.of(), dir.resolve("kafka.log"), null);
        try {
            broker.awaitReady(Duration.ofSeconds(60), () -> clusterAnswers(host, port));
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        return new KafkaService(broker, port, host);
    }

    private static List<String> java(String mainClass, String... args) {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(javaBin, "-Xms512m", "-Xmx512m", "-XX:+UseG1GC",
                "-Dlog4j2.level=WARN", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        return command;
    }

    private static boolean clusterAnswers(String host, int port) {
        if (!Ports.accepts(host, port)) {
            return false;
        }
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, host + ":" + port);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 2000);
        try (Admin admin = Admin.create(props)) {
            return !admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    public String bootstrapServers() {
        return host + ":" + port;
    }

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String version() {
        return "Apache Kafka " + org.apache.kafka.common.utils.AppInfoParser.getVersion() + " (KRaft, embedded jars)"
                + (host.equals("127.0.0.1") ? "" : ", reached at " + host);
    }

    @Override
    public Map<String, String> springProperties() {
        return Map.of("spring.kafka.bootstrap-servers", bootstrapServers());
    }

    @Override
    public List<ChildProcess> processes() {
        return List.of(broker);
    }
}
