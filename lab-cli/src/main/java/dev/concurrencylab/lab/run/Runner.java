package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.monitor.Affinity;
import dev.concurrencylab.lab.monitor.CpuLayout;
import dev.concurrencylab.lab.monitor.Monitor;
import dev.concurrencylab.lab.monitor.ProcessMetrics;
import dev.concurrencylab.lab.monitor.ResourceSample;
import dev.concurrencylab.lab.monitor.ResourceSummary;
import dev.concurrencylab.lab.plan.Launch;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Completion;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.service.ServiceSet;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import dev.concurrencylab.lab.sut.SutLauncher;
import dev.concurrencylab.services.BackingService;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a plan: starts the backing services, then for each launch starts the server, runs its trials
 * (warm-up, measure, read completed work) and writes each trial as soon as it ends. A server that
 * dies fails its trial, with its log's tail, and the run goes on.
 */
public final class Runner {

    /** How often the watchdog looks at the server during load; a crash is seen within this. */
    private static final Duration WATCH = Duration.ofMillis(200);
    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(1);

    /**
     * How the run watches its servers.
     *
     * @param layout            which CPUs the driver, servers and services use
     * @param noisyAbovePercent other processes' average CPU (percent of one core) that makes a trial noisy
     */
    public record Watching(CpuLayout layout, double noisyAbovePercent) {
    }

    private final LoadDriver driver;
    private final SutLauncher launcher;
    private final ResultStore store;
    private final PrintStream out;
    private final boolean terminal;
    private final Watching watching;
    private final ProcessMetrics os = new ProcessMetrics();
    private volatile RunningSut current;
    private volatile ServiceSet services;
    private volatile RunInfo info;
    private volatile int written;

    public Runner(LoadDriver driver, SutLauncher launcher, ResultStore store, PrintStream out, boolean terminal,
            Watching watching) {
        this.watching = watching;
        this.driver = driver;
        this.launcher = launcher;
        this.store = store;
        this.out = out;
        this.terminal = terminal;
    }

    /**
     * @param info        the run's description; services, status and counts are filled in here
     * @param serviceUrls services the user runs, by name; the others are started on loopback
     * @return trials that failed
     */
    public int run(Plan plan, RunInfo info, Map<String, String> serviceUrls, Path work) {
        this.info = info;
        Progress progress = new Progress(out, terminal, plan.trialCount());
        int failed = 0;
        CpuLayout layout = watching.layout();
        progress.note("lab: CPU layout: " + layout.describe());
        if (layout.pinned()) {
            Affinity.pinTree(ProcessHandle.current().pid(), layout.driver());
        }
        services = ServiceSet.start(plan.suite().services(), serviceUrls, work, s -> progress.note("lab: " + s + " ..."));
        try {
            if (layout.pinned()) {
                services.services().forEach(s -> s.pids().forEach(pid -> Affinity.pinTree(pid, layout.services())));
            }
            this.info = with(info, services.versions(), "running");
            store.writeRun(this.info);
            services.versions().forEach((k, v) -> progress.note("lab: " + k + ": " + v));
            int launchNumber = 0;
            for (Launch launch : plan.launches()) {
                launchNumber++;
                RunningSut sut;
                try {
                    progress.note(String.format("lab: starting %s (launch %d/%d)", launch.variant().name(), launchNumber, plan.launches().size()));
                    sut = launcher.launch(launch.variant(), services.springProperties(),
                            store.logFile(String.format("launch-%02d-%s.log", launchNumber, launch.variant().name())));
                } catch (SutException e) {
                    for (PlannedTrial t : launch.trials()) {
                        progress.trial(t);
                        write(failedTrial(t, e.getMessage(), null), null);
                        progress.finished("FAILED: " + e.getMessage());
                        failed++;
                    }
                    continue;
                }
                current = sut;
                try {
                    boolean first = true;
                    for (PlannedTrial trial : launch.trials()) {
                        progress.trial(trial);
                        if (!sut.isAlive()) {
                            write(failedTrial(trial, "the server had already died", sut.logTail(5)), null);
                            progress.finished("FAILED: server died earlier");
                            failed++;
                            continue;
                        }
                        TrialResult result = trial(trial, sut, first ? sut.startupMillis().stream().boxed().findFirst().orElse(null) : null, progress);
                        first = false;
                        if (!"ok".equals(result.status())) {
                            failed++;
                        }
                    }
                } finally {
                    current = null;
                    sut.close();
                }
            }
            this.info = with(this.info, services.versions(), failed == 0 ? "complete" : "complete with failed trials");
            return failed;
        } finally {
            services.close();
            services = null;
            store.writeRun(finish(this.info));
        }
    }

    /** For a shutdown hook: stops the server and services this run started, and marks the run as cut short. */
    public void abort() {
        RunningSut sut = current;
        if (sut != null) {
            sut.close();
        }
        ServiceSet s = services;
        if (s != null) {
            s.close();
        }
        if (info != null && "running".equals(info.status())) {
            store.writeRun(finish(with(info, info.services(), "interrupted")));
        }
    }

    private TrialResult trial(PlannedTrial trial, RunningSut sut, Long startupMs, Progress progress) {
        String strategy = trial.benchmark().statsKey();
        WorkCompletion work = new WorkCompletion();
        AtomicBoolean died = new AtomicBoolean();
        Thread driverThread = Thread.currentThread();
        Thread watchdog = Thread.ofPlatform().daemon().name("server-watchdog").start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                if (!sut.isAlive()) {
                    died.set(true);
                    driverThread.interrupt();
                    return;
                }
                try {
                    Thread.sleep(WATCH.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        Monitor monitor = trial.benchmark().watched() ? new Monitor(os, target(sut), SAMPLE_EVERY) : null;
        LoadResult load;
        Completion completion = null;
        String failure = null;
        AtomicBoolean workCounted = new AtomicBoolean(strategy != null);
        try {
            load = driver.run(new LoadRun(sut.uri(), trial.benchmark().request(), trial.benchmark().checks(), trial.load(),
                    trial.warmup()), progress.and(atWindowStart(sut, strategy == null ? null : work, workCounted))
                    .and(monitor == null ? LoadListener.NONE : monitor));
            stop(monitor);
            watchdog.interrupt();
            Thread.interrupted();
            if (!died.get() && workCounted.get() && load.failure() == null) {
                completion = work.await(sut.uri(), strategy);
            }
        } catch (Exception e) {
            stop(monitor);
            watchdog.interrupt();
            Thread.interrupted();
            TrialResult result = failedTrial(trial, died.get() ? "the server died during the trial" : "trial failed: " + e.getMessage(), sut.logTail(5));
            write(result, null);
            progress.finished("FAILED: " + result.failure());
            return result;
        }
        if (died.get()) {
            failure = "the server died during the trial";
        } else if (load.failure() != null) {
            failure = load.failure();
        }
        List<String> flags = new ArrayList<>();
        if (load.generatorLimited()) {
            flags.add(TrialResult.GENERATOR_LIMITED);
        }
        if (load.errors().getOrDefault(ErrorClass.CHECK, 0L) > 0 || load.latencyCheckFailed() > 0) {
            flags.add(TrialResult.FAILED_CHECKS);
        }
        if (died.get()) {
            flags.add(TrialResult.SERVER_DIED);
        }
        if (completion != null && (!completion.complete() || completion.failed() > 0)) {
            flags.add(TrialResult.WORK_NOT_COMPLETED);
        }
        List<ResourceSample> resources = monitor == null ? List.of() : monitor.finish();
        ResourceSummary summary = monitor == null ? null : ResourceSummary.of(resources, monitor.ownCpuPercent(),
                watching.noisyAbovePercent(), watching.layout().driverCpuCount());
        if (summary != null) {
            flags.addAll(summary.flags());
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        load.errors().forEach((k, v) -> errors.put(k.key(), v));
        long attempts = load.sent() + load.errors().getOrDefault(ErrorClass.REFUSED, 0L);
        double errorRate = attempts == 0 ? 0 : (double) load.errorCount() / attempts;
        TrialResult result = new TrialResult(trial.number(), trial.variant().name(), trial.benchmark().name(),
                trial.benchmark().workload(), trial.repetition(), trial.load().name(), describe(trial.load()),
                failure == null ? "ok" : "failed", failure, startupMs, trial.warmup().toMillis() / 1000.0,
                round(load.windowSeconds()), load.sent(), load.answered(), round(load.throughput()), errors,
                errorRate, load.latencyCheckFailed(), LatencySummary.of(load.latencyNanos()),
                ResultStore.histogramLogName(trial.number(), trial.variant().name(), trial.benchmark().name(), load.latencyNanos()), load.series(),
                completion, load.blockedMillis(), flags, failure == null ? null : sut.logTail(5), resources, summary);
        Path file = write(result, load.latencyNanos());
        progress.finished(String.format("%s · %,.0f req/s · p50 %s ms · p99 %s ms · %,d errors%s", result.status(),
                result.throughput(), result.latency() == null ? "-" : result.latency().p50Ms(),
                result.latency() == null ? "-" : result.latency().p99Ms(), load.errorCount(),
                flags.isEmpty() ? "" : " · flags: " + String.join(", ", flags)));
        return result;
    }

    private Path write(TrialResult result, org.HdrHistogram.Histogram histogram) {
        Path file = store.writeTrial(result, histogram);
        written++;
        return file;
    }

    private static TrialResult failedTrial(PlannedTrial t, String why, String logTail) {
        return new TrialResult(t.number(), t.variant().name(), t.benchmark().name(), t.benchmark().workload(), t.repetition(),
                t.load().name(), describe(t.load()), "failed", why, null, 0, 0, 0, 0, 0, Map.of(), 0, 0, null, null,
                List.of(), null, 0, List.of(why.contains("died") ? TrialResult.SERVER_DIED : "failed"), logTail, List.of(), null);
    }

    /**
     * What happens as the measured window opens: the server moves to its own CPUs, and the app's
     * work counters restart, so completed work counts hand-offs of the window, not of the warm-up.
     * Warm-up work still in a broker's queue then may finish inside the window and be counted.
     *
     * @param work    the app's counters, or {@code null} for synchronous workloads
     * @param counted cleared when the counters could not be reset, so no completion is reported
     */
    private static LoadListener atWindowStart(RunningSut sut, WorkCompletion work, AtomicBoolean counted) {
        AtomicBoolean opened = new AtomicBoolean();
        return new LoadListener() {
            @Override
            public void phase(String phase) {
                // A model without warm-up announces its window twice: before the engine starts and as it does.
                if (!phase.equals("measure") || !opened.compareAndSet(false, true)) {
                    return;
                }
                sut.pinForMeasurement();
                if (work != null) {
                    try {
                        work.reset(sut.uri());
                    } catch (IOException e) {
                        counted.set(false);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        counted.set(false);
                    }
                }
            }
        };
    }

    private static void stop(Monitor monitor) {
        if (monitor != null) {
            monitor.finish();
        }
    }

    private Monitor.Target target(RunningSut sut) {
        Map<String, List<Long>> pids = new LinkedHashMap<>();
        ServiceSet s = services;
        if (s != null) {
            for (BackingService b : s.services()) {
                if (!b.pids().isEmpty()) {
                    pids.put(b.name(), b.pids());
                }
            }
        }
        return new Monitor.Target(sut.pid().isPresent() ? sut.pid().getAsLong() : null, sut.uri(), pids);
    }

    /** The load model as plain data for JSON, durations written like suites write them. */
    static Map<String, Object> describe(LoadModel model) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", model.name());
        for (var c : model.getClass().getRecordComponents()) {
            try {
                Object value = c.getAccessor().invoke(model);
                m.put(c.getName(), value instanceof List<?> stages ? stages.stream().map(s -> s instanceof LoadModel.Stage st
                        ? Map.of("duration", seconds(st.duration()), "users", st.users()) : s).toList()
                        : value instanceof Duration d ? seconds(d) : value);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
        return m;
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private RunInfo with(RunInfo i, Map<String, String> services, String status) {
        return i.with(services, status, written);
    }

    private RunInfo finish(RunInfo i) {
        return i.with(i.services(), i.status(), written).finishedAt(Instant.now().toString());
    }
}
