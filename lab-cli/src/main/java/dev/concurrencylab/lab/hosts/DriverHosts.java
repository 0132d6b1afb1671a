package dev.concurrencylab.lab.hosts;

import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.load.share.LoadShares;
import dev.concurrencylab.lab.load.share.MergedLoad;
import dev.concurrencylab.lab.load.share.ShareAgent;
import dev.concurrencylab.lab.load.share.ShareWire;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The load driven from several driver hosts: each runs the lab's own Hyperfoil engine
 * ({@link ShareAgent}) for its exact share of the model ({@link LoadShares}), all from one start
 * instant, and their results merge into one ({@link MergedLoad}). This machine only coordinates.
 * The hosts' clocks must agree (NTP) to well under the window's first second: the start instant
 * is wall-clock time.
 */
public final class DriverHosts implements LoadDriver, AutoCloseable {

    /** Time for every host's JVM to start and load the engine before the shared start instant. */
    private static final Duration LEAD = Duration.ofSeconds(4);
    private static final AtomicLong SHARES = new AtomicLong();
    /** How long one wait on a host lasts when the lab expects no moment of its own (the window's end) sooner. */
    private static final Duration NO_EVENT_DUE = Duration.ofSeconds(10);

    private final List<Ssh> hosts;
    private final List<String> classPaths;
    private final List<Map<String, String>> facts;
    private final List<RoundTrip> roundTrips;
    private final Path dir;

    private DriverHosts(List<Ssh> hosts, List<String> classPaths, List<Map<String, String>> facts, List<RoundTrip> roundTrips, Path dir) {
        this.hosts = hosts;
        this.classPaths = classPaths;
        this.facts = facts;
        this.roundTrips = roundTrips;
        this.dir = dir;
    }

    /**
     * Connects every driver host, checks its JDK and puts the lab's code there.
     *
     * @throws HostException one line naming the host that failed
     */
    public static DriverHosts open(List<HostSpec> specs, Path dir) {
        List<Ssh> opened = new ArrayList<>();
        try {
            List<String> classPaths = new ArrayList<>();
            List<Map<String, String>> facts = new ArrayList<>();
            List<RoundTrip> roundTrips = new ArrayList<>();
            for (HostSpec spec : specs) {
                Ssh ssh = Ssh.connect(spec, dir);
                opened.add(ssh);
                facts.add(ServerHost.facts(ssh));
                roundTrips.add(RoundTrip.measure(spec.name(), spec.address(), spec.port(), 50));
                classPaths.add(LabJars.put(ssh, dir));
            }
            return new DriverHosts(opened, classPaths, facts, roundTrips, dir);
        } catch (RuntimeException e) {
            opened.forEach(Ssh::close);
            throw e;
        }
    }

    public List<HostSpec> specs() {
        return hosts.stream().map(Ssh::host).toList();
    }

    public List<Map<String, String>> facts() {
        return facts;
    }

    public List<RoundTrip> roundTrips() {
        return roundTrips;
    }

    /**
     * Runs each host's share and merges what they measured. A warm-up that waits for steady state
     * runs for its upper bound instead: the steady rule reads one driver's figures, and shares that
     * each ended their warm-up at their own moment would not share a window.
     */
    @Override
    public LoadResult run(LoadRun run, LoadListener listener) {
        try {
            return MergedLoad.merge(shares(run, listener), hosts.stream().map(h -> h.host().name()).toList());
        } catch (HostException e) {
            return failed(e.getMessage());
        }
    }

    /**
     * Each host's result for its share, in host order.
     *
     * @throws HostException when a host's share ended without a result, naming the host
     */
    public List<LoadResult> shares(LoadRun run, LoadListener listener) {
        List<LoadModel> shares = LoadShares.split(run.model(), hosts.size());
        Warmup warmup = run.warmup().untilSteady() ? Warmup.fixed(run.warmup().max()) : run.warmup();
        LoadRun fixed = new LoadRun(run.target(), run.request(), run.checks(), run.model(), warmup);
        long startAt = System.currentTimeMillis() + LEAD.toMillis();
        long id = SHARES.incrementAndGet();
        List<RemoteProcess> agents = new ArrayList<>();
        List<String> results = new ArrayList<>();
        List<String> logs = new ArrayList<>();
        try {
            for (int i = 0; i < hosts.size(); i++) {
                Ssh ssh = hosts.get(i);
                // one name per host too: hosts may share a file system (namespaces on one machine do)
                String base = ServerHost.HOME + "/shares/" + ProcessHandle.current().pid() + "-" + id + "-" + i;
                Path local = dir.resolve("share-" + id + "-" + i + ".json");
                Files.writeString(local, ShareWire.write(ShareWire.Share.of(fixed, shares.get(i), startAt)));
                ssh.copy(local, base + ".json");
                results.add(base + ".result.json");
                logs.add(ServerHost.HOME + "/logs/share-" + ProcessHandle.current().pid() + "-" + id + "-" + i + ".log");
                String command = String.join(" ", List.of(ssh.host().java(), "--sun-misc-unsafe-memory-access=allow",
                        "--enable-native-access=ALL-UNNAMED", "-cp", classPaths.get(i), ShareAgent.class.getName(), base + ".json",
                        results.getLast()).stream().map(Ssh::quote).toList());
                agents.add(RemoteProcess.start(ssh, "driver share", command, logs.getLast()));
            }
            sleepUntil(startAt);
            if (!warmup.isZero()) {
                listener.phase(LoadPhase.WARM_UP);
                sleepUntil(startAt + warmup.max().toMillis());
            }
            listener.phase(LoadPhase.MEASURE);
            long windowEnds = startAt + warmup.max().toMillis() + run.model().plannedDuration().map(Duration::toMillis).orElse(0L);
            boolean ended = false;
            List<LoadResult> parts = new ArrayList<>();
            for (int i = 0; i < hosts.size(); i++) {
                Share share;
                while ((share = awaitResult(hosts.get(i), results.get(i), agents.get(i), ended || !run.model().timed() ? NO_EVENT_DUE
                        : untilWindowEnds(windowEnds))) != Share.DONE) {
                    if (!ended && run.model().timed() && System.currentTimeMillis() >= windowEnds) {
                        listener.windowEnded();
                        ended = true;
                    }
                    if (share == Share.GONE) {
                        throw new HostException("driver host " + hosts.get(i).host().name() + ": its share ended without a result: "
                                + hosts.get(i).run("tail -n 2 " + Ssh.quote(logs.get(i)) + " 2>/dev/null", Duration.ofSeconds(10)).out().strip()
                                .replace('\n', ' '));
                    }
                }
                parts.add(ShareWire.readResult(hosts.get(i).run("cat " + Ssh.quote(results.get(i)), Duration.ofMinutes(1)).out()));
            }
            if (!ended) {
                listener.windowEnded();
            }
            return parts;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted while the driver hosts ran their shares");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            agents.forEach(RemoteProcess::close);
        }
    }

    /** Where a share stands after a wait: its result written, still running, or ended without one. */
    private enum Share {
        DONE, RUNNING, GONE
    }

    /**
     * Waits on the host itself, for at most {@code most}, until the share's result is there or its
     * process is gone. One command per wait, not one per poll from here: a poll spawns an ssh client
     * on this machine every time, and the server may be sharing its cores.
     */
    private static Share awaitResult(Ssh ssh, String result, RemoteProcess agent, Duration most) {
        long polls = Math.max(1, most.toMillis() / 200);
        String file = Ssh.quote(result);
        // a share that died stays a zombie until its watchdog ends: "kill -0" alone took it for running, and the wait never ended
        String running = "{ kill -0 " + agent.pid() + " 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' /proc/" + agent.pid() + "/status 2>/dev/null; }";
        int exit = ssh.run("i=0; while [ ! -f " + file + " ] && " + running + " && [ $i -lt " + polls + " ]; do sleep 0.2; i=$((i+1)); done;"
                + " if [ -f " + file + " ]; then exit 0; elif " + running + "; then exit 1; else exit 2; fi", most.plusSeconds(10)).exit();
        return switch (exit) {
            case 0 -> Share.DONE;
            case 1 -> Share.RUNNING;
            default -> Share.GONE;
        };
    }

    private static Duration untilWindowEnds(long epochMillis) {
        return Duration.ofMillis(Math.clamp(epochMillis - System.currentTimeMillis(), 200, NO_EVENT_DUE.toMillis()));
    }

    private static void sleepUntil(long epochMillis) throws InterruptedException {
        long wait = epochMillis - System.currentTimeMillis();
        if (wait > 0) {
            Thread.sleep(wait);
        }
    }

    /** A window no driver could complete: nothing measured, and why. */
    private static LoadResult failed(String why) {
        return new LoadResult(new Histogram(3), new Histogram(3), 0, 0, Map.of(), List.of(), 0, List.of(), 0, 0, false, 0,
                SchedulingLag.Figures.NONE, 0, null, ConnectionUse.NONE, why, 0);
    }

    @Override
    public void close() {
        hosts.forEach(Ssh::close);
    }
}
