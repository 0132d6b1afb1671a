package dev.concurrencylab.lab.sut;

import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.hosts.HostException;
import dev.concurrencylab.lab.hosts.RemoteProcess;
import dev.concurrencylab.lab.hosts.ServerHost;
import dev.concurrencylab.lab.monitor.ListeningProcess;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.services.ChildProcess;
import dev.concurrencylab.services.Ports;
import dev.concurrencylab.services.ServiceException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Starts a variant's jar as a child JVM on a free loopback port, with the variant's JVM flags and
 * Spring properties plus those of the backing services, and waits for its first good answer.
 */
public final class SutLauncher implements AutoCloseable {

    /** Answers once the application context is up, on every variant the catalog defines. */
    public static final String READY_PATH = "/actuator/health";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final CpuLayout layout;
    private final boolean cds;
    /** Jars whose archive could not be made in this run: started as they are, not tried again. */
    private final Set<Path> unarchivable = new HashSet<>();
    /** Where servers run when not here; {@code null}: on this machine. */
    private final ServerHost host;

    /**
     * @param layout where servers run: pinned to the layout's server CPUs as its first load
     *               begins. Start-up runs on every CPU (on one shared CPU a Spring Boot start took
     *               three times as long), but the JVM is told from its first instruction how many CPUs it will
     *               have, so GC, JIT, Tomcat, Netty and the common pool are sized for the CPUs it is
     *               measured on.
     * @param cds    start servers with a class-data-sharing archive of their start-up
     *               ({@link CdsArchive}), made first when this jar build and these flags have none
     */
    public SutLauncher(CpuLayout layout, boolean cds) {
        this(layout, cds, null);
    }

    /** @param host the host servers start on, or {@code null} for this machine */
    public SutLauncher(CpuLayout layout, boolean cds, ServerHost host) {
        this.layout = layout;
        this.cds = cds;
        this.host = host;
    }

    /**
     * @param notes receives one line when an archive is made, or could not be
     */
    public RunningSut launch(Variant variant, Map<String, String> serviceProperties, Path log, Consumer<String> notes) {
        if (variant.external()) {
            return RunningSut.external(variant.url(), loopback(variant.url().getHost())
                    ? ListeningProcess.on(variant.url().getPort()).stream().boxed().findFirst().orElse(null) : null);
        }
        if (!Files.isRegularFile(variant.jar())) {
            throw new SutException("variant " + variant.name() + ": jar not found: " + variant.jar() + " (run ./lab build)");
        }
        if (host != null) {
            return launchOn(host, variant, serviceProperties, notes);
        }
        int port = Ports.freeLoopbackPort();
        List<String> java = new ArrayList<>();
        if (layout.pinned()) {
            java.addAll(Affinity.prefix(layout.all()));
        }
        java.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> jvmFlags = new ArrayList<>();
        if (layout.pinned()) {
            jvmFlags.add("-XX:ActiveProcessorCount=" + Affinity.count(layout.sut()));
        }
        jvmFlags.addAll(variant.jvmFlags());
        Map<String, String> properties = new TreeMap<>(serviceProperties);
        properties.putAll(variant.properties());
        properties.put("server.address", "127.0.0.1");
        List<String> command = new ArrayList<>(java);
        command.addAll(jvmFlags);
        command.addAll(start(variant, java, jvmFlags, properties, notes));
        command.addAll(springArguments(properties, port));
        long started = System.nanoTime();
        ChildProcess process = ChildProcess.start(variant.name(), command, Map.of(), log, null);
        URI uri = URI.create("http://127.0.0.1:" + port);
        try {
            awaitFirstGoodAnswer(process::isAlive, process::logLines, uri.resolve(READY_PATH), variant.name());
        } catch (RuntimeException e) {
            process.stop(Duration.ofSeconds(5));
            throw e;
        }
        return new RunningSut(uri, process, (System.nanoTime() - started) / 1_000_000, layout.pinned() ? layout.sut() : null);
    }

    /**
     * The same server on another host: the jar put there once per run, the same JVM flags, on the
     * host's server CPUs from its first instruction (over SSH there is no moment to move it later
     * without a round trip inside the warm-up), listening on the host's address.
     */
    private RunningSut launchOn(ServerHost host, Variant variant, Map<String, String> serviceProperties, Consumer<String> notes) {
        String jar = host.put(variant.jar());
        int port = host.freePort();
        List<String> java = List.of("taskset", "-c", host.cpus(), host.spec().java(), "-XX:ActiveProcessorCount=" + Affinity.count(host.cpus()));
        List<String> command = new ArrayList<>(java);
        command.addAll(variant.jvmFlags());
        Map<String, String> properties = new TreeMap<>(serviceProperties);
        properties.putAll(variant.properties());
        properties.put("server.address", host.spec().address());
        command.addAll(startOn(host, variant, jar, java, properties, notes));
        command.addAll(springArguments(properties, port));
        String log = host.log(variant.name() + "-" + port);
        long started = System.nanoTime();
        RemoteProcess process = RemoteProcess.start(host.ssh(), variant.name(), String.join(" ", command.stream().map(RemoteProcess::quote).toList()), log);
        URI uri = URI.create("http://" + host.spec().address() + ":" + port);
        try {
            awaitFirstGoodAnswer(() -> process.sessionAlive() && host.proc().exists(process.pid()),
                    () -> host.tail(log, 200).lines().toList(), uri.resolve(READY_PATH), variant.name() + " on " + host.spec().name());
        } catch (RuntimeException e) {
            process.close();
            throw e;
        }
        return new RunningSut(uri, new RunningSut.OnHost(host, process, log), (System.nanoTime() - started) / 1_000_000);
    }

    /** As {@link #start} does here: the jar there, or its unpacked copy with a CDS archive made there. */
    private List<String> startOn(ServerHost host, Variant variant, String jar, List<String> java, Map<String, String> properties,
            Consumer<String> notes) {
        List<String> plain = List.of("-jar", jar);
        if (!cds || unarchivable.contains(variant.jar())) {
            return plain;
        }
        try {
            return host.archived(jar, java, variant.jvmFlags(), springArguments(properties, 0));
        } catch (HostException e) {
            unarchivable.add(variant.jar());
            notes.accept("lab: servers on " + host.spec().name() + " start without a CDS archive: " + e.getMessage());
            return plain;
        }
    }

    /** {@code -jar} and what goes with it: the jar itself, or its unpacked copy with its CDS archive. */
    private List<String> start(Variant variant, List<String> java, List<String> jvmFlags, Map<String, String> properties,
            Consumer<String> notes) {
        List<String> plain = List.of("-jar", variant.jar().toString());
        if (!cds || unarchivable.contains(variant.jar())) {
            return plain;
        }
        CdsArchive archive = CdsArchive.of(variant.jar(), jvmFlags);
        if (!archive.made()) {
            notes.accept("lab: " + variant.jar().getFileName() + ": archiving the classes its start-up loads (once per build and JVM flags) ...");
            try {
                archive.make(java, jvmFlags, springArguments(properties, 0));
            } catch (ServiceException e) {
                unarchivable.add(variant.jar());
                notes.accept("lab: servers start without a CDS archive: " + e.getMessage());
                return plain;
            }
        }
        return archive.launchArguments();
    }

    private static List<String> springArguments(Map<String, String> properties, int port) {
        Map<String, String> all = new TreeMap<>(properties);
        all.put("server.port", Integer.toString(port));
        return all.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList();
    }

    private void awaitFirstGoodAnswer(BooleanSupplier alive, Supplier<List<String>> logLines, URI ready, String name) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        HttpRequest request = HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(2)).GET().build();
        while (true) {
            if (!alive.getAsBoolean()) {
                List<String> lines = logLines.get();
                String why = StartFailure.why(lines);
                throw new SutException(name + " exited during start-up: " + (why != null ? why : "log tail: " + tail(lines, 5)));
            }
            try {
                if (listening(ready) && http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SutException(name + ": interrupted during start-up");
            }
            if (System.nanoTime() > deadline) {
                throw new SutException(name + " did not answer " + READY_PATH + " within " + START_TIMEOUT.toSeconds() + " s; log tail: "
                        + tail(logLines.get(), 5));
            }
            try {
                Thread.sleep(25);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SutException(name + ": interrupted during start-up");
            }
        }
    }

    /**
     * Whether the port takes a connection, by a bare connect: a refused one costs the lab next to nothing. HTTP
     * requests refused every 25 ms were a seventh of a child lab's CPU samples (44 of 305, two start-ups), CPU
     * the starting server, whose start-up is measured, could have had.
     */
    private static boolean listening(URI uri) {
        int port = uri.getPort() >= 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String tail(List<String> all, int n) {
        List<String> lines = all.stream().filter(l -> !l.isBlank()).toList();
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }

    /** The host servers start on, when not this machine. */
    public java.util.Optional<String> host() {
        return host == null ? java.util.Optional.empty() : java.util.Optional.of(host.spec().name());
    }

    /** The server host's address, where servers connect from, when they run there. */
    public java.util.Optional<String> serverAddress() {
        return host == null ? java.util.Optional.empty() : java.util.Optional.of(host.spec().address());
    }

    /** This machine's address as the server host reaches it, when servers run there. */
    public java.util.Optional<String> reachableAt() {
        return host == null ? java.util.Optional.empty() : java.util.Optional.of(host.localAddress());
    }

    /** Ends the session with the server host, and with it anything left running there. */
    @Override
    public void close() {
        if (host != null) {
            host.close();
        }
    }

    /** True when {@code host} names this machine's loopback interface. */
    public static boolean loopback(String host) {
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
