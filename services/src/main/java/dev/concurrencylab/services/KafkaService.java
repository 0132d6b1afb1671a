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

    private KafkaService(ChildProcess broker, int port) {
        this.broker = broker;
        this.port = port;
    }

    public static KafkaService start(Path workRoot) {
        Path dir = WorkDirs.create(workRoot, "kafka");
        int port = Ports.freeLoopbackPort();
        int controllerPort = Ports.freeLoopbackPort();
        Path config = dir.resolve("server.properties");
        ChildProcess.writeFile(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
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
            broker.awaitReady(Duration.ofSeconds(60), () -> clusterAnswers(port));
        } catch (RuntimeException e) {
            broker.close();
            throw e;
        }
        return new KafkaService(broker, port);
    }

    private static List<String> java(String mainClass, String... args) {
        String javaBin = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(javaBin, "-Xms512m", "-Xmx512m", "-XX:+UseG1GC",
                "-Dlog4j2.level=WARN", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        return command;
    }

    private static boolean clusterAnswers(int port) {
        if (!Ports.accepts(port)) {
            return false;
        }
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + port);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 2000);
        try (Admin admin = Admin.create(props)) {
            return !admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String version() {
        return "Apache Kafka " + org.apache.kafka.common.utils.AppInfoParser.getVersion() + " (KRaft, embedded jars)";
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
