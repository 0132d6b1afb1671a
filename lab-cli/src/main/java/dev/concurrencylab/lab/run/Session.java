package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.hosts.Topology;
import dev.concurrencylab.lab.monitor.Monitor;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunProgress;
import dev.concurrencylab.lab.result.Threshold;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import dev.concurrencylab.lab.sut.SutLauncher;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntSupplier;
import org.HdrHistogram.Histogram;

/**
 * What every command that runs trials shares, wired once: the results store and the run record,
 * the backing services, the server currently up, progress output, and stopping all of it however
 * the run ends ({@link #abort()} is the shutdown hook).
 */
public final class Session {

    /**
     * How the run watches its servers.
     *
     * @param layout            which CPUs the driver, servers and services use
     * @param noisyAbovePercent other processes' average CPU (percent of one core) that makes a trial noisy
     */
    public record Watching(CpuLayout layout, double noisyAbovePercent) {
    }

    private final ResultStore store;
    private final SutLauncher launcher;
    private final PrintStream out;
    private final boolean terminal;
    private final Watching watching;
    private final List<TrialResult> written = new CopyOnWriteArrayList<>();
    /** A resumed run's trials from its earlier parts. */
    private final List<TrialResult> earlier = new CopyOnWriteArrayList<>();
    /** The servers up now: one in a fresh design, a block's in a paired one. */
    private final java.util.Set<RunningSut> live = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Set first thing as the lab ends (a signal, Ctrl-C), before it stops the server under the trial. */
    private volatile boolean aborting;
    private final RunServices services;
    private volatile RunInfo info;
    private final List<AutoCloseable> alsoClosed = new CopyOnWriteArrayList<>();

    /** @param topology where services run when a host takes them ({@code --hosts}) */
    public Session(ResultStore store, SutLauncher launcher, PrintStream out, boolean terminal, Watching watching, Topology topology) {
        this.services = new RunServices(topology);
        this.store = store;
        this.launcher = launcher;
        this.out = out;
        this.terminal = terminal;
        this.watching = watching;
    }

    Watching watching() {
        return watching;
    }

    Progress progress(int trials) {
        return new Progress(out, terminal, trials);
    }

    /**
     * Pins the driver, starts the services, runs {@code body}, and always stops the services and
     * closes the run record.
     *
     * @param needed      service name → why the run needs it
     * @param serviceUrls services the user runs, by name; the others are started on loopback
     * @return what {@code body} returned: the trials that failed
     */
    int within(Map<String, String> needed, RunInfo start, Map<String, String> serviceUrls, Path work, Progress progress, IntSupplier body) {
        info = start;
        CpuLayout layout = watching.layout();
        progress.note("lab: CPU layout: " + layout.describe());
        if (layout.pinned()) {
            Affinity.pinTree(ProcessHandle.current().pid(), layout.driver());
        }
        if (needed.isEmpty()) {
            progress.note("lab: starting no backing service: no server the lab starts needs one (a server given by URL brings its own)");
        }
        try {
            services.start(needed.keySet(), serviceUrls, work, launcher, progress, host -> info = info.with(info.platform().plus(host)));
        } catch (RuntimeException e) {
            closeHosts();
            launcher.close();
            throw e;
        }
        try {
            if (layout.pinned()) {
                services.pin(layout.services());
            }
            info = info.with(info.progress().with(withWhy(services.versions(), needed), "running", written.size()));
            store.writeRun(info);
            services.versions().forEach((k, v) -> progress.note("lab: " + k + ": " + v));
            int failed = body.getAsInt();
            // the trials stop early once the lab is ending: the run is cut short, whichever thread writes it last
            info = info.with(info.progress().with(withWhy(services.versions(), needed),
                    aborting ? "interrupted" : failed == 0 ? "complete" : "complete with failed trials", written.size()));
            return failed;
        } finally {
            services.stop();
            closeHosts();
            launcher.close();
            // Once the lab is ending the hook writes the record (abort): a write here raced the JVM's halt (a temp file left, seen).
            if (!aborting) {
                store.writeRun(finished(info));
            }
        }
    }

    /** Closed when the run ends, however it ends, as the services and servers are (e.g. the driver hosts' sessions). */
    public void closing(AutoCloseable resource) {
        alsoClosed.add(resource);
    }

    /** Ends the services hosts' launchers and whatever else the run holds open on other hosts. */
    private void closeHosts() {
        services.closeHosts();
        for (AutoCloseable c : alsoClosed) {
            try {
                c.close();
            } catch (Exception e) {
                out.println("lab: " + e.getMessage());
            }
        }
        alsoClosed.clear();
    }

    /** The run record's services: each one's version, and why the run has it. */
    private static Map<String, String> withWhy(Map<String, String> versions, Map<String, String> needed) {
        Map<String, String> out = new LinkedHashMap<>();
        versions.forEach((name, version) -> out.put(name, needed.containsKey(name) ? version + "; " + needed.get(name) : version));
        return out;
    }

    /** True once the lab is ending: no further trial starts, and the one under way is not written. */
    public boolean aborting() {
        return aborting;
    }

    /**
     * Starts a variant's server with the services' properties; it is stopped by {@link #stop(RunningSut)} or {@link #abort()}.
     *
     * @param number names its log
     * @param what   what it starts for, as the progress line says it, e.g. {@code trial 4/12}
     * @param given  the services whose properties the server gets (a variant may want its own data)
     */
    RunningSut launch(Variant variant, int number, String what, Progress progress, java.util.function.Predicate<String> given) {
        // Both runners launch here (a capacity search relaunches after a broken step): none may once the lab is ending.
        if (aborting) {
            throw new SutException("variant " + variant.name() + " not started: the lab is ending");
        }
        progress.note(String.format("lab: starting %s for %s", variant.name(), what));
        // A capacity search may launch a variant again after a step broke its server: each launch keeps its own log.
        return launch(variant, String.format("launch-%02d-%s", number, variant.name()), progress, given);
    }

    /** Starts a variant's server whose log is named {@code logName}, with a count after it when a launch wrote that log already. */
    RunningSut launch(Variant variant, String logName, Progress progress, java.util.function.Predicate<String> given) {
        if (aborting) {
            throw new SutException("variant " + variant.name() + " not started: the lab is ending");
        }
        Path log = store.logFile(logName + ".log");
        for (int again = 2; java.nio.file.Files.exists(log); again++) {
            log = store.logFile(String.format("%s-%d.log", logName, again));
        }
        RunningSut sut = launcher.launch(variant, services.springProperties(given), log, progress::note);
        live.add(sut);
        // the hook may have run while it started: it would not have seen it
        if (aborting) {
            sut.close();
            throw new SutException("variant " + variant.name() + " stopped: the lab is ending");
        }
        return sut;
    }

    void stop(RunningSut sut) {
        live.remove(sut);
        sut.close();
    }

    /** Writes a trial the moment it ends, with its histogram of good answers' response times when it has one. */
    void write(TrialResult result, Histogram goodLatency) {
        // A trial the lab's own end cut short measured nothing: its server was stopped by the lab, not dead.
        if (aborting) {
            return;
        }
        store.writeTrial(result, goodLatency);
        written.add(result);
    }

    /** Every trial of the run: a resumed run's earlier ones first. */
    List<TrialResult> written() {
        return List.copyOf(written);
    }

    /**
     * Goes on with a run that was cut short: {@code before}, the trials it wrote, count as this run's
     * (for a round's decision, the thresholds and the record) and are not run again.
     */
    public void resume(List<TrialResult> before) {
        earlier.addAll(before);
        written.addAll(0, before);
    }

    /** A resumed run's trials from its earlier parts; none in a run made in one go. */
    List<TrialResult> earlier() {
        return List.copyOf(earlier);
    }

    ResultStore store() {
        return store;
    }

    /** The first service the lab started that has died: its name and its log's tail, if any. */
    java.util.Optional<RunServices.DeadService> deadService() {
        return services.dead();
    }

    /** What the monitor watches besides the server: every process of every service the lab started. */
    Monitor.Target target(RunningSut sut) {
        return services.target(sut, watching().layout());
    }

    /** For a shutdown hook: stops the server and services this run started, and marks the run as cut short. */
    public void abort() {
        aborting = true;
        live.forEach(RunningSut::close);
        services.abort();
        closeHosts();
        launcher.close();
        RunInfo i = info;
        // "interrupted" already when the trials' loop saw the end first: the JVM halts before that thread writes it
        if (i != null && ("running".equals(i.progress().status()) || "interrupted".equals(i.progress().status()))) {
            store.writeRun(finished(i.with(i.progress().with(i.progress().services(), "interrupted", written.size()))));
        }
    }

    private RunInfo finished(RunInfo i) {
        RunProgress now = i.progress();
        return i.with(now.with(now.services(), now.status(), written.size()).finishedAt(Instant.now().toString()))
                .with(i.rules().withOutcomes(Threshold.outcomes(written)));
    }
}
