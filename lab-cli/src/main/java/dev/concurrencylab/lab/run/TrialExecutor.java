package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.jfr.JfrRecorder;
import dev.concurrencylab.lab.jfr.JfrSummary;
import dev.concurrencylab.lab.jit.CompilerThreads;
import dev.concurrencylab.lab.jit.JitPriority;
import dev.concurrencylab.lab.jit.JitSettling;
import dev.concurrencylab.lab.jit.PerfData;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.monitor.Monitor;
import dev.concurrencylab.lab.monitor.ProcessMetrics;
import dev.concurrencylab.lab.monitor.ResourceSample;
import dev.concurrencylab.lab.monitor.ResourceSummary;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Completion;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.verdict.VerdictRules;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one trial on a started server — a watchdog on the server, the monitor, warm-up and measured
 * load, the async work read back — and writes its record the moment it ends. A server that dies
 * fails the trial, with its log's tail.
 */
final class TrialExecutor {

    /** How often the watchdog looks at the server during load; a crash is seen within this. */
    private static final Duration WATCH = Duration.ofMillis(200);
    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(1);
    private static final String DIED = "the server died during the trial";

    private final LoadDriver driver;
    private final Session session;
    private final VerdictRules rules;
    private final ProcessMetrics os = new ProcessMetrics();
    private final AtomicBoolean jitPriorityRefused = new AtomicBoolean();

    TrialExecutor(LoadDriver driver, Session session, VerdictRules rules) {
        this.driver = driver;
        this.session = session;
        this.rules = rules;
    }

    /**
     * @param firstOfLaunch the trial's record gets the server's start-up time
     */
    TrialResult run(RunningSut sut, PlannedTrial trial, boolean firstOfLaunch, Progress progress) {
        progress.trial(trial);
        if (!sut.isAlive()) {
            return failed(TrialRecords.failed(trial, "the server had already died", sut.logTail(5)), progress, "server died earlier");
        }
        Long startupMs = firstOfLaunch ? sut.startupMillis().stream().boxed().findFirst().orElse(null) : null;
        String strategy = trial.benchmark().statsKey();
        WorkCompletion work = new WorkCompletion();
        AtomicBoolean died = new AtomicBoolean();
        AtomicReference<Session.DeadService> deadService = new AtomicReference<>();
        Thread watchdog = watch(sut, died, deadService, Thread.currentThread());
        Monitor monitor = trial.benchmark().watched() ? new Monitor(os, session.target(sut), SAMPLE_EVERY) : null;
        JfrRecorder jfr = trial.benchmark().jfr() && sut.pid().isPresent() ? new JfrRecorder(sut.pid().getAsLong(),
                session.store().trialFile(trial.number(), trial.variant().name(), trial.benchmark().name(), ".jfr")) : null;
        CompilerThreads compilers = sut.pid().isPresent() ? CompilerThreads.of(sut.pid().getAsLong()).orElse(null)
                : sut.remote().map(r -> CompilerThreads.of(r.pid(), r.tasks())).orElse(null);
        JitSettling jit = trial.warmup().untilSteady() && compilers != null
                ? new JitSettling(compilers, sut.pid().isPresent() ? PerfData.of(sut.pid().getAsLong()) : Optional.empty()) : null;
        LoadListener jitPriority = compilers == null || !sut.startedByLab() ? LoadListener.NONE : new JitPriority(compilers, why -> {
            if (jitPriorityRefused.compareAndSet(false, true)) {
                progress.note("lab: the servers' JIT compiler threads keep their priority during warm-ups: " + why);
            }
        });
        LoadResult load;
        Completion completion = null;
        AtomicBoolean workCounted = new AtomicBoolean(strategy != null);
        try {
            load = driver.run(new LoadRun(sut.uri(), trial.request(), trial.benchmark().checks(), trial.load(),
                    trial.warmup()), progress.and(atWindowStart(sut, strategy == null ? null : work, workCounted))
                    .and(jitPriority)
                    .and(monitor == null ? LoadListener.NONE : monitor).and(jfr == null ? LoadListener.NONE : jfr)
                    .and(jit == null ? LoadListener.NONE : jit));
            stop(monitor, watchdog);
            if (!died.get() && workCounted.get() && load.failure() == null) {
                completion = work.await(sut.uri(), strategy);
            }
        } catch (Exception e) {
            stop(monitor, watchdog);
            profile(jfr, progress);
            if (deadService.get() != null) {
                return serviceDied(trial, deadService.get(), progress);
            }
            TrialResult result = TrialRecords.failed(trial, died.get() ? died(sut) : "trial failed: " + e.getMessage(), sut.logTail(5));
            return failed(result, progress, result.outcome().failure());
        }
        JfrSummary profile = profile(jfr, progress);
        if (deadService.get() != null) {
            return serviceDied(trial, deadService.get(), progress);
        }
        String failure = died.get() ? died(sut) : load.failure();
        List<ResourceSample> resources = monitor == null ? List.of() : monitor.finish();
        Session.Watching watching = session.watching();
        ResourceSummary summary = monitor == null ? null : ResourceSummary.of(resources, monitor.ownCpuPercent(),
                watching.noisyAbovePercent(), watching.layout().driverCpuCount());
        TrialResult result = TrialRecords.measured(trial, load, startupMs, failure, completion, died.get(), resources, summary,
                monitor == null ? -1 : monitor.contextSwitches(), profile, rules, sut.logTail(5), jit == null ? null : jit.watched());
        session.write(result, load.latencyNanos());
        List<String> crossed = result.judged().thresholds().stream().filter(t -> !t.passed()).map(ThresholdResult::threshold).toList();
        LatencySummary latency = result.latencies().latency();
        List<Flag> flags = result.outcome().flags();
        progress.finished(String.format("%s · %,.0f req/s · p50 %s ms · p99 %s ms · %,d errors%s%s", result.outcome().status(),
                result.window().throughput(), latency == null ? "-" : latency.p50Ms(), latency == null ? "-" : (result.delivery() != null && result.delivery().behind() > 0 ? "≥ " : "") + latency.p99Ms(),
                load.errorCount(),
                flags.isEmpty() ? "" : " · flags: " + String.join(", ", flags.stream().map(Flag::key).toList()),
                crossed.isEmpty() ? "" : " · thresholds crossed: " + String.join(", ", crossed)));
        return result;
    }

    /** Why the server is gone: it died, or the lab lost its host (whose watchdog then ended it). */
    private static String died(RunningSut sut) {
        return sut.lostHost().map(h -> "the connection to host " + h + " was lost during the trial; the server there was ended with it")
                .orElse(DIED);
    }

    private TrialResult serviceDied(PlannedTrial trial, Session.DeadService dead, Progress progress) {
        String why = "service-died: " + dead.name() + " died during the trial";
        // How it ended goes first in its log's tail: the exit status the JDK reaped, the proof it died.
        return failed(TrialRecords.failed(trial, Flag.SERVICE_DIED, why, dead.name() + " " + dead.ended() + " | " + dead.logTail()),
                progress, why + " (" + dead.ended() + ")");
    }

    private TrialResult failed(TrialResult result, Progress progress, String why) {
        session.write(result, null);
        progress.finished("FAILED: " + why);
        return result;
    }

    /** Ends the JFR recording and reads it; says on the progress line why there is none. */
    private static JfrSummary profile(JfrRecorder jfr, Progress progress) {
        if (jfr == null) {
            return null;
        }
        try (jfr) {
            JfrRecorder.Result recorded = jfr.finish();
            if (recorded.file() == null) {
                progress.note("lab: no JFR recording: " + recorded.problem());
                return null;
            }
            return JfrSummary.read(recorded.file());
        } catch (RuntimeException e) {
            progress.note("lab: JFR recording unreadable: " + e.getMessage());
            return null;
        }
    }

    /** Interrupts the driver's thread the moment the server's process, or a service's the lab started, is gone. */
    private Thread watch(RunningSut sut, AtomicBoolean died, AtomicReference<Session.DeadService> deadService, Thread driverThread) {
        return Thread.ofPlatform().daemon().name("server-watchdog").start(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                var dead = session.deadService();
                if (dead.isPresent()) {
                    deadService.set(dead.get());
                    driverThread.interrupt();
                    return;
                }
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
    }

    private static void stop(Monitor monitor, Thread watchdog) {
        if (monitor != null) {
            monitor.finish();
        }
        watchdog.interrupt();
        Thread.interrupted();
    }

    /**
     * What happens as the load begins (the server moves to its own CPUs) and as the measured window
     * opens (the app's work counters restart), so completed work counts hand-offs of the window, not of the warm-up:
     * the app drops from its counts any item handed off before the restart, whenever it finishes.
     *
     * @param work    the app's counters, or {@code null} for synchronous workloads
     * @param counted cleared when the counters could not be reset, so no completion is reported
     */
    private static LoadListener atWindowStart(RunningSut sut, WorkCompletion work, AtomicBoolean counted) {
        AtomicBoolean opened = new AtomicBoolean();
        return new LoadListener() {
            @Override
            public void phase(LoadPhase phase) {
                // Pinned as its load begins, so the move onto one CPU (a stall of a second or two, seen in
                // the p99 of the first window) falls in the warm-up, not in what is measured.
                sut.pinForMeasurement();
                // A model without warm-up announces its window twice: before the engine starts and as it does.
                if (phase != LoadPhase.MEASURE || !opened.compareAndSet(false, true)) {
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
}
