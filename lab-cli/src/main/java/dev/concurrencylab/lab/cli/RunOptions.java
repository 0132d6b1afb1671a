package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.hosts.DriverHosts;
import dev.concurrencylab.lab.hosts.HostException;
import dev.concurrencylab.lab.hosts.HostSpec;
import dev.concurrencylab.lab.hosts.ServerHost;
import dev.concurrencylab.lab.hosts.Ssh;
import dev.concurrencylab.lab.hosts.Topology;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.load.hyperfoil.HyperfoilDriver;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunDefinition;
import dev.concurrencylab.lab.result.RunHost;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunPlatform;
import dev.concurrencylab.lab.result.RunRules;
import dev.concurrencylab.lab.result.Threshold;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.run.Session;
import dev.concurrencylab.lab.service.Redaction;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.sut.SutLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What a running command ({@code run}, {@code capacity}) is asked to run, as one picocli mixin: the
 * suite, scale, variants, benchmarks, services, CPU layout and the switches that change what runs,
 * with the checks and look-ups each needs. The results record how they were given ({@link RerunLine}).
 */
final class RunOptions {

    @Parameters(paramLabel = "SUITE|FILE", description = "a suite name from suites/ (see ./lab list) or a path to a suite YAML file")
    String suite;

    @Option(names = "--scale", defaultValue = "quick", paramLabel = "quick|standard|full",
            description = "how big: quick checks it works; full reproduces the original's counts and durations (default: ${DEFAULT-VALUE})")
    String scale;

    @Option(names = "--trials", paramLabel = "N|auto", description = {"trials per variant and benchmark (default: the suite's, per scale;",
            "at standard in rounds that stop once every comparison is decided); auto: such rounds at any scale"})
    String trials;

    @Option(names = "--variants", split = ",", paramLabel = "a,b", description = "run only these of the suite's variants")
    List<String> variants;

    @Option(names = "--benchmarks", split = ",", paramLabel = "a,b",
            description = "run only these of the suite's benchmarks (a sweep's levels by their names, e.g. sweep-10-users)")
    List<String> benchmarks;

    @Option(names = "--out", paramLabel = "DIR", description = "results directory (default: results/<time>-<suite>)")
    Path out;

    @Option(names = "--postgresql-url", paramLabel = "URL", description = "use this PostgreSQL instead of starting one, e.g. postgresql://user:pass@127.0.0.1:5432/db")
    String postgresqlUrl;

    @Option(names = "--kafka-url", paramLabel = "HOST:PORT", description = "use this Kafka broker instead of starting one")
    String kafkaUrl;

    @Option(names = "--rabbitmq-url", paramLabel = "URL", description = "use this RabbitMQ instead of starting one, e.g. amqp://guest:guest@127.0.0.1:5672")
    String rabbitmqUrl;

    @Option(names = "--redis-url", paramLabel = "URL", description = "use this Redis instead of starting one, e.g. redis://127.0.0.1:6379")
    String redisUrl;

    @Option(names = "--cpus", paramLabel = "ROLE=CPUS|off", description = {
            "pin the driver, the servers and the services to CPUs; roles: driver, sut, services (default: planned from",
            "the core count; on 2 cores the driver gets CPU 0, server and services CPU 1). Repeat for each role",
            "to change, e.g. --cpus sut=1-3 --cpus services=3, or --cpus off to pin nothing"})
    List<String> cpus;

    @Option(names = "--noisy-above", paramLabel = "PERCENT", defaultValue = "25",
            description = "flag a trial noisy when processes the lab did not start used more than this share of one CPU on average during it (default: ${DEFAULT-VALUE})")
    double noisyAbove;

    @Option(names = "--jfr", description = {"keep a JFR recording of the server for each trial's measured window (trials/NNN-*.jfr)",
            "and add what it shows to the reports' Why lines: hot methods, allocation, locks, GC, virtual-thread",
            "pinning, event-loop blocking (low-overhead settings; see docs/methodology.md for its measured cost)"})
    boolean jfr;

    @Option(names = "--design", paramLabel = "fresh|paired", description = {"set every benchmark's design, whatever its suite says:",
            "fresh (a server per trial, windows minutes apart) or paired (live servers in blocks, slices seconds apart, an A/A line;",
            "a benchmark whose load ramps, counts or starts cold stays fresh); see docs/methodology.md"})
    String design;

    @Option(names = "--pace", description = {"time the machine's memory on the driver's CPU with each resource sample (machine.memory.ns):",
            "how fast the host ran each second of each window (docs/methodology.md; its cost: the pace-cost suite)"})
    boolean pace;

    @Option(names = "--no-cds", description = {"start each server from its jar as it is, without the class-data-sharing archive the",
            "lab makes once per jar build (start-ups take longer; what is measured does not change: docs/methodology.md)"})
    boolean noCds;

    @Option(names = "--hosts", paramLabel = "FILE", description = {"run the servers under test on another machine, over SSH: a hosts.yaml",
            "(docs/hosts.md); without it everything runs on this machine"})
    Path hosts;

    /** The host servers start on in this run, once {@link #openSession} has connected to it. */
    private ServerHost serverHost;
    private DriverHosts driverHosts;
    private Topology topology;
    /** The run's own file for the load engine's log, once {@link #openSession} has made the run's directory. */
    private Path engineLog;

    @Option(names = "--allow-remote-target", description = "allow variants given by URL on other hosts (load goes only to loopback otherwise)")
    boolean allowRemote;

    /** The suite asked for, with JFR on when {@code --jfr} says so and the machine's pace timed when {@code --pace} does. */
    Suite load(Catalog catalog) {
        Suite loaded = new SuiteLoader(catalog).load(suite);
        if (benchmarks != null) {
            List<String> known = loaded.benchmarks().stream().map(Benchmark::name).toList();
            for (String name : benchmarks) {
                if (!known.contains(name)) {
                    throw new SuiteException("unknown benchmark '" + name + "' for suite " + loaded.name() + "; it has: " + String.join(", ", known));
                }
            }
            loaded = loaded.withBenchmarks(loaded.benchmarks().stream().filter(b -> benchmarks.contains(b.name())).toList());
        }
        loaded = pace ? loaded.withPace() : loaded;
        if (design != null) {
            loaded = loaded.withDesign(java.util.Arrays.stream(dev.concurrencylab.lab.suite.Design.values()).filter(d -> d.key().equals(design))
                    .findFirst().orElseThrow(() -> new SuiteException("unknown design '" + design + "'; use fresh or paired")));
        }
        return jfr ? loaded.withJfr() : loaded;
    }

    /** The results directory asked for, or results/<time>-<suite>. */
    Path resultsDir(Suite loaded) {
        return out != null ? out : Lab.home().resolve("results")
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + loaded.name());
    }

    List<Variant> chooseVariants(Suite loaded) {
        List<Variant> chosen = new ArrayList<>();
        if (variants == null) {
            chosen.addAll(loaded.variants());
        } else {
            for (String name : variants) {
                Variant v = loaded.variants().stream().filter(x -> x.name().equals(name)).findFirst()
                        .orElseThrow(() -> new SuiteException("unknown variant '" + name + "' for suite " + loaded.name()
                                + "; it has: " + String.join(", ", loaded.variants().stream().map(Variant::name).toList())));
                chosen.add(v);
            }
        }
        for (Variant v : chosen) {
            if (v.external() && !allowRemote && !SutLauncher.loopback(v.url().getHost())) {
                throw new SuiteException("variant " + v.name() + " points at " + v.url().getHost()
                        + ", not loopback; load goes only to this machine unless --allow-remote-target");
            }
        }
        return chosen;
    }

    Map<String, String> serviceUrls() {
        Map<String, String> urls = new LinkedHashMap<>();
        if (postgresqlUrl != null) {
            urls.put("postgresql", postgresqlUrl);
        }
        if (kafkaUrl != null) {
            urls.put("kafka", kafkaUrl);
        }
        if (rabbitmqUrl != null) {
            urls.put("rabbitmq", rabbitmqUrl);
        }
        if (redisUrl != null) {
            urls.put("redis", redisUrl);
        }
        return urls;
    }

    CpuLayout cpuLayout() {
        if (noisyAbove <= 0) {
            throw new IllegalArgumentException("--noisy-above must be above 0, not " + noisyAbove);
        }
        List<Integer> allowed = Affinity.allowedCpus();
        if (cpus != null) {
            CpuLayout chosen = CpuLayout.parse(cpus, allowed);
            if (chosen.pinned() && Affinity.unavailable().isPresent()) {
                throw new IllegalArgumentException("--cpus: " + Affinity.unavailable().get());
            }
            return chosen;
        }
        return Affinity.unavailable().map(why -> CpuLayout.unpinned(allowed.size(), why)).orElseGet(() -> CpuLayout.plan(allowed));
    }

    /**
     * The run record as the run starts.
     *
     * @param command the re-run line ({@link RerunLine})
     */
    RunInfo info(Suite loaded, Scale chosenScale, int trialsPerVariant, String stopping, int trialsPlanned, List<Variant> chosen,
            CpuLayout layout, String command) throws java.io.IOException {
        Map<String, List<String>> flags = new LinkedHashMap<>();
        TreeSet<String> boot = new TreeSet<>();
        for (Variant v : chosen) {
            List<String> vf = new ArrayList<>(v.jvmFlags());
            if (!v.external() && !noCds) {
                // Its path depends on the jar's build and the flags; what matters here is that start-up used one.
                vf.add("-XX:SharedArchiveFile=<jar's folder>/cds/…/app.jsa");
            }
            flags.put(v.name(), vf);
            if (!v.external()) {
                Environment.springBootVersion(v.jar()).ifPresent(boot::add);
            }
        }
        Path suiteFile = Path.of(loaded.file());
        VerdictRules rules = loaded.rules();
        return RunInfo.starting(
                new RunDefinition(loaded.name(), chosenScale.key(), trialsPerVariant, stopping, Redaction.redact(command),
                        suiteFile.toString(), Files.readString(suiteFile), trialsPlanned),
                new RunPlatform(Environment.machine(), Environment.jdk(), boot.isEmpty() ? "unknown" : String.join(", ", boot),
                        Environment.gitCommit(Lab.home()), layout, flags, hostsUsed()),
                new RunRules(rules.minEffect() * 100, rules.maxErrorRate() * 100, rules.thresholds().stream().map(Threshold::text).toList(),
                        List.of()));
    }

    /**
     * The session every running command wires: results store, the engine's log beside it, servers
     * pinned per the layout, on this machine or on the topology's server host (connected to now,
     * so a host that cannot be reached stops the run before anything is written).
     */
    Session openSession(Path dir, CpuLayout layout) {
        return openSession(dir, layout, false);
    }

    /** As {@link #openSession(Path, CpuLayout)}; {@code resume}: in the directory of a run cut short, to go on with it. */
    Session openSession(Path dir, CpuLayout layout, boolean resume) {
        Topology topology = topology();
        serverHost = topology.server().map(h -> {
            System.out.println("lab: connecting to " + h.name() + " (" + h.where() + ") over SSH ...");
            ServerHost opened = ServerHost.open(h, Ssh.controlDir());
            System.out.printf("lab: servers run on %s: %s CPUs (%s), servers on CPUs %s, %s; round trip from here %s ms (median of %d TCP connects)%n",
                    h.name(), opened.facts().get("cpus"), opened.facts().get("cpuModel"), opened.cpus(), opened.facts().get("jdk"),
                    Numbers.format(opened.roundTrip().medianMs()), opened.roundTrip().samples());
            return opened;
        }).orElse(null);
        if (!topology.drivers().isEmpty()) {
            if (topology.server().isEmpty()) {
                throw new HostException("driver hosts need the servers on a host they reach: give one host in " + hosts + " the server role");
            }
            System.out.println("lab: connecting to the driver hosts " + String.join(", ", topology.drivers().stream().map(HostSpec::name).toList())
                    + " over SSH; the load is split between them and this machine only coordinates ...");
            driverHosts = DriverHosts.open(topology.drivers(), Ssh.controlDir());
        }
        ResultStore store = resume ? ResultStore.reopen(dir) : ResultStore.create(dir);
        engineLog = store.logFile("hyperfoil.log");
        Session session = new Session(store, new SutLauncher(layout, !noCds, serverHost), System.out, System.console() != null,
                new Session.Watching(layout, noisyAbove), topology);
        if (driverHosts != null) {
            session.closing(driverHosts);
        }
        return session;
    }

    /** The machines of the run, read once: this one alone without {@code --hosts}. */
    Topology topology() {
        topology = topology != null ? topology : hosts == null ? Topology.local() : Topology.read(hosts);
        return topology;
    }

    /** The engine that drives the load, logging into the run's directory: this machine's, or the driver hosts' shares when the topology lists any. */
    LoadDriver loadDriver() {
        return driverHosts != null ? driverHosts : HyperfoilDriver.forThisMachine(engineLog);
    }

    private List<RunHost> hostsUsed() {
        List<RunHost> used = new ArrayList<>();
        if (serverHost != null) {
            used.add(serverHost.spec().asUsed(serverHost.facts(), serverHost.cpus(), serverHost.roundTrip()));
        }
        if (driverHosts != null) {
            for (int i = 0; i < driverHosts.specs().size(); i++) {
                used.add(driverHosts.specs().get(i).asUsed(driverHosts.facts().get(i), null, driverHosts.roundTrips().get(i)));
            }
        }
        return used.isEmpty() ? null : List.copyOf(used);
    }

}
