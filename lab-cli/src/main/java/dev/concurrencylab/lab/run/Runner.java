package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.capacity.CapacityResults;
import dev.concurrencylab.lab.capacity.CapacitySearch;
import dev.concurrencylab.lab.capacity.Slo;
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
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.service.ServiceSet;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.CapacitySpec;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import dev.concurrencylab.lab.sut.SutLauncher;
import dev.concurrencylab.lab.verdict.Threshold;
import dev.concurrencylab.lab.verdict.VerdictRules;
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
import java.util.Set;
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
    private final List<TrialResult> written = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile VerdictRules rules = VerdictRules.DEFAULT;

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
     * How a run ended: trials that failed, and thresholds that some variant did not meet.
     */
    public record Outcome(int failedTrials, List<RunInfo.ThresholdOutcome> thresholds) {

        public List<RunInfo.ThresholdOutcome> crossed() {
            return thresholds.stream().filter(t -> !t.met()).toList();
        }
    }

    /**
     * @param info        the run's description; services, status and counts are filled in here
     * @param serviceUrls services the user runs, by name; the others are started on loopback
     */
    public Outcome run(Plan plan, RunInfo info, Map<String, String> serviceUrls, Path work) {
        rules = plan.suite().rules();
        Progress progress = new Progress(out, terminal, plan.trialCount());
        int failedTrials = withServices(plan.suite().services(), info, serviceUrls, work, progress, () -> {
            int failed = 0;
            int launchNumber = 0;
            for (Launch launch : plan.launches()) {
                launchNumber++;
                RunningSut sut;
                try {
                    sut = launch(launch.variant(), launchNumber, plan.launches().size(), progress);
                } catch (SutException e) {
                    for (PlannedTrial t : launch.trials()) {
                        progress.trial(t);
                        write(TrialRecords.failed(t, e.getMessage(), null), null);
                        progress.finished("FAILED: " + e.getMessage());
                        failed++;
                    }
                    continue;
                }
                try {
                    boolean first = true;
                    for (PlannedTrial trial : launch.trials()) {
                        TrialResult result = trialOn(sut, trial, first, progress);
                        first = false;
                        if (!result.ok()) {
                            failed++;
                        }
                    }
                } finally {
                    current = null;
                    sut.close();
                }
            }
            return failed;
        });
        return new Outcome(failedTrials, Threshold.outcomes(written));
    }

    /**
     * Searches each variant's capacity under an objective: one server per variant, one trial per
     * step, each written as it ends; the searches' outcomes go to {@code capacity.json}.
     *
     * @return variant → how its search ended
     */
    public Map<String, CapacitySearch.Result> runCapacity(Suite suite, Scale scale, List<Variant> variants, RunInfo info,
            Map<String, String> serviceUrls, Path work, CapacityResults.Cost cost) {
        CapacitySpec spec = suite.capacity();
        Benchmark benchmark = suite.benchmarks().getFirst();
        LoadModel.OpenRate step = (LoadModel.OpenRate) benchmark.load().at(scale);
        CapacitySearch search = new CapacitySearch(spec.startRate().at(scale), spec.growth(), spec.maxRate(),
                spec.closeEnough(), spec.maxSteps().at(scale));
        Slo slo = new Slo(spec.p99(), spec.maxErrorRate());
        rules = suite.rules();
        Progress progress = new Progress(out, terminal, variants.size() * search.maxSteps());
        Map<String, CapacitySearch.Result> results = new LinkedHashMap<>();
        withServices(suite.services(), info, serviceUrls, work, progress, () -> {
            int launchNumber = 0;
            int[] number = {0};
            for (Variant variant : variants) {
                launchNumber++;
                RunningSut sut;
                try {
                    sut = launch(variant, launchNumber, variants.size(), progress);
                } catch (SutException e) {
                    progress.note("lab: " + variant.name() + ": " + e.getMessage());
                    results.put(variant.name(), new CapacitySearch.Result(CapacitySearch.Outcome.INVALID, null, null, List.of()));
                    continue;
                }
                try {
                    int[] stepNumber = {0};
                    CapacitySearch.Result result = search.run(slo, rate -> {
                        stepNumber[0]++;
                        LoadModel.OpenRate load = new LoadModel.OpenRate(rate, step.duration(),
                                Math.max(step.maxSessions(), (int) Math.ceil(rate * 2)));
                        // The first step also warms a fresh JVM: three times the warm-up, or a cold JIT
                        // makes the lowest rate miss (seen: p99 251 ms against 250 ms at the first step).
                        Duration warmup = suite.warmup().at(scale).multipliedBy(stepNumber[0] == 1 ? 3 : 1);
                        PlannedTrial trial = new PlannedTrial(++number[0], variant, benchmark, stepNumber[0], load, warmup);
                        return asStep(rate, trialOn(sut, trial, stepNumber[0] == 1, progress));
                    });
                    results.put(variant.name(), result);
                    store.writeCapacity(new CapacityResults(slo, results, cost));
                    progress.note(String.format("lab: %s: %s", variant.name(), describe(result)));
                } finally {
                    current = null;
                    sut.close();
                }
            }
            return 0;
        });
        return results;
    }

    /** One line on how a search ended, e.g. {@code bracketed: passes 38.1 req/s, misses 40.0 req/s}. */
    public static String describe(CapacitySearch.Result r) {
        return switch (r.outcome()) {
            case BRACKETED -> String.format("bracketed: meets the objective at %.1f req/s, misses it at %.1f req/s", r.highestPass(), r.lowestMiss());
            case LOWER_BOUND -> String.format("lower bound only: meets the objective up to %.1f req/s, the highest rate tried", r.highestPass());
            case GENERATOR_LIMITED -> "generator-limited: the driver, not the server, was the limit" + (r.highestPass() == null ? "" : String.format(" above %.1f req/s", r.highestPass()));
            case INVALID -> r.steps().isEmpty() ? "invalid: the server did not start" : String.format("invalid: misses the objective already at %.1f req/s", r.lowestMiss());
        };
    }

    private static Slo.Step asStep(double rate, TrialResult t) {
        if (!t.ok() || t.latency() == null) {
            return new Slo.Step(rate, t.throughput(), Double.NaN, Double.POSITIVE_INFINITY, 1, 0, false);
        }
        long failedChecks = t.latencyCheckFailed() + t.errors().getOrDefault(ErrorClass.CHECK.key(), 0L);
        return new Slo.Step(rate, t.throughput(), t.latency().p50Ms(), t.latency().p99Ms(), t.errorRate(), failedChecks,
                t.flags().contains(Flag.GENERATOR_LIMITED));
    }

    /** Starts the services, runs {@code body}, and always stops them and closes the run record. */
    private int withServices(Set<String> needed, RunInfo info, Map<String, String> serviceUrls, Path work, Progress progress,
            java.util.function.IntSupplier body) {
        this.info = info;
        CpuLayout layout = watching.layout();
        progress.note("lab: CPU layout: " + layout.describe());
        if (layout.pinned()) {
            Affinity.pinTree(ProcessHandle.current().pid(), layout.driver());
        }
        services = ServiceSet.start(needed, serviceUrls, work, s -> progress.note("lab: " + s + " ..."));
        try {
            if (layout.pinned()) {
                services.services().forEach(s -> s.pids().forEach(pid -> Affinity.pinTree(pid, layout.services())));
            }
            this.info = with(info, services.versions(), "running");
            store.writeRun(this.info);
            services.versions().forEach((k, v) -> progress.note("lab: " + k + ": " + v));
            int failed = body.getAsInt();
            this.info = with(this.info, services.versions(), failed == 0 ? "complete" : "complete with failed trials");
            return failed;
        } finally {
            services.close();
            services = null;
            store.writeRun(finish(this.info));
        }
    }

    private RunningSut launch(Variant variant, int number, int of, Progress progress) {
        progress.note(String.format("lab: starting %s (launch %d/%d)", variant.name(), number, of));
        RunningSut sut = launcher.launch(variant, services.springProperties(),
                store.logFile(String.format("launch-%02d-%s.log", number, variant.name())));
        current = sut;
        return sut;
    }

    /** Runs one trial on a started server, or records it failed when the server has died. */
    private TrialResult trialOn(RunningSut sut, PlannedTrial trial, boolean firstOfLaunch, Progress progress) {
        progress.trial(trial);
        if (!sut.isAlive()) {
            TrialResult result = TrialRecords.failed(trial, "the server had already died", sut.logTail(5));
            write(result, null);
            progress.finished("FAILED: server died earlier");
            return result;
        }
        return trial(trial, sut, firstOfLaunch ? sut.startupMillis().stream().boxed().findFirst().orElse(null) : null, progress);
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
            TrialResult result = TrialRecords.failed(trial, died.get() ? "the server died during the trial" : "trial failed: " + e.getMessage(), sut.logTail(5));
            write(result, null);
            progress.finished("FAILED: " + result.failure());
            return result;
        }
        if (died.get()) {
            failure = "the server died during the trial";
        } else if (load.failure() != null) {
            failure = load.failure();
        }
        List<ResourceSample> resources = monitor == null ? List.of() : monitor.finish();
        ResourceSummary summary = monitor == null ? null : ResourceSummary.of(resources, monitor.ownCpuPercent(),
                watching.noisyAbovePercent(), watching.layout().driverCpuCount());
        TrialResult result = TrialRecords.measured(trial, load, startupMs, failure, completion, died.get(), resources, summary,
                rules, sut.logTail(5));
        write(result, load.latencyNanos());
        progress.finished(String.format("%s · %,.0f req/s · p50 %s ms · p99 %s ms · %,d errors%s%s", result.status(),
                result.throughput(), result.latency() == null ? "-" : result.latency().p50Ms(),
                result.latency() == null ? "-" : result.latency().p99Ms(), load.errorCount(),
                result.flags().isEmpty() ? "" : " · flags: " + String.join(", ", result.flags().stream().map(Flag::key).toList()),
                result.thresholds().stream().anyMatch(t -> !t.passed()) ? " · thresholds crossed: " + String.join(", ",
                        result.thresholds().stream().filter(t -> !t.passed()).map(ThresholdResult::threshold).toList()) : ""));
        return result;
    }

    private Path write(TrialResult result, org.HdrHistogram.Histogram histogram) {
        Path file = store.writeTrial(result, histogram);
        written.add(result);
        return file;
    }

    /**
     * What happens as the load begins (the server moves to its own CPUs) and as the measured window
     * opens (the app's work counters restart), so completed work counts hand-offs of the window, not of the warm-up.
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
                // Pinned as its load begins, so the move onto one CPU (a stall of a second or two, seen in
                // the p99 of the first window) falls in the warm-up, not in what is measured.
                sut.pinForMeasurement();
                // A model without warm-up announces its window twice: before the engine starts and as it does.
                if (!phase.equals("measure") || !opened.compareAndSet(false, true)) {
                    return;
                }
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

    private RunInfo with(RunInfo i, Map<String, String> services, String status) {
        return i.with(services, status, written.size());
    }

    private RunInfo finish(RunInfo i) {
        return i.with(i.services(), i.status(), written.size()).withThresholdOutcomes(Threshold.outcomes(written))
                .finishedAt(Instant.now().toString());
    }
}
