package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Completion;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.sut.RunningSut;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs one trial on a started server — a watchdog on the server, the monitor, warm-up and measured
 * load, the async work read back — and writes its record the moment it ends. A server that dies
 * fails the trial, with its log's tail.
 */
final class TrialExecutor {

    /** How often the watchdog looks at the server during load; a crash is seen within this. */
    private static final Duration WATCH = Duration.ofMillis(200);
    private static final String DIED = "the server died during the trial";
    /**
     * A trial the lab's own ending cut short: its server and services were stopped by the lab, so what
     * the trial saw of them (a death, a failure) is not said, and the trial is not kept (Session.write).
     */
    static final String CUT_SHORT = "stopped: the lab is ending; this trial is not kept (lab resume runs it again)";

    private final LoadDriver driver;
    private final Session session;
    private final VerdictRules rules;
    private final TrialProbes probes;

    TrialExecutor(LoadDriver driver, Session session, VerdictRules rules) {
        this.driver = driver;
        this.session = session;
        this.rules = rules;
        this.probes = new TrialProbes(session);
    }

    /**
     * @param firstOfLaunch the trial's record gets the server's start-up time
     */
    TrialResult run(RunningSut sut, PlannedTrial trial, boolean firstOfLaunch, Progress progress) {
        return run(sut, trial, firstOfLaunch, null, progress);
    }

    /** @param before how a paired block warmed the server for this benchmark before this, its first slice; {@code null} for any other */
    TrialResult run(RunningSut sut, PlannedTrial trial, boolean firstOfLaunch, TrialRecords.BlockWarmUp before, Progress progress) {
        progress.trial(trial);
        if (!sut.isAlive()) {
            return failed(TrialRecords.failed(trial, "the server had already died", sut.logTail(5)), progress, "server died earlier");
        }
        Long startupMs = firstOfLaunch ? sut.startupMillis().stream().boxed().findFirst().orElse(null) : null;
        String strategy = trial.benchmark().statsKey();
        WorkCompletion work = new WorkCompletion();
        AtomicBoolean died = new AtomicBoolean();
        AtomicReference<RunServices.DeadService> deadService = new AtomicReference<>();
        Thread watchdog = watch(sut, died, deadService, Thread.currentThread());
        AtomicBoolean workCounted = new AtomicBoolean(strategy != null);
        TrialWatch probes = this.probes.forTrial(trial, sut, progress);
        LoadListener listeners = probes.after(progress.and(atWindowStart(sut, strategy == null ? null : work, workCounted)));
        LoadResult load;
        Completion completion = null;
        try {
            try {
                load = driver.run(new LoadRun(sut.uri(), trial.request(), trial.benchmark().checks(), trial.load(), trial.warmup()), listeners);
            } finally {
                work.stopRehearsal();
            }
            stop(probes, watchdog);
            if (load.failure() != null && gone(died, sut)) {
                died.set(true);
            }
            if (!died.get() && workCounted.get() && load.failure() == null) {
                completion = work.await(sut.uri(), strategy);
            }
        } catch (Exception e) {
            stop(probes, watchdog);
            if (deadService.get() != null) {
                return serviceDied(trial, deadService.get(), progress);
            }
            TrialResult result = TrialRecords.failed(trial, gone(died, sut) ? died(sut) : "trial failed: " + e.getMessage(), sut.logTail(5));
            return failed(result, progress, result.outcome().failure());
        }
        if (deadService.get() != null) {
            return serviceDied(trial, deadService.get(), progress);
        }
        TrialResult result = TrialRecords.measured(trial, load,
                new TrialRecords.Ended(startupMs, died.get() ? died(sut) : load.failure(), completion, died.get(), sut.logTail(5), before), probes.seen(), rules);
        session.write(result, load.latencyNanos());
        lastLine(progress, p -> p.finished(result, load.errorCount()));
        return result;
    }

    /**
     * Warms a live server of a paired block to its level by the trial's warm-up rule (steady, JIT
     * quiet) and throws the short window after it away: a block's slices then start from the level,
     * each after its own settle. Nothing is written; a server that died shows in its first slice.
     *
     * @return how long the warm-up ran, whether it ended steady and what its last seconds showed of the JIT
     * @throws RuntimeException why it failed
     */
    TrialRecords.BlockWarmUp warm(RunningSut sut, PlannedTrial trial, Progress progress) {
        progress.trial(trial);
        TrialWatch watch = this.probes.forTrial(trial, sut, progress);
        LoadListener listeners = watch.after(progress.and(new LoadListener() {
            @Override
            public void phase(LoadPhase phase) {
                sut.pinForMeasurement();
            }
        }));
        LoadResult load;
        try {
            load = driver.run(new LoadRun(sut.uri(), trial.request(), trial.benchmark().checks(), trial.load(), trial.warmup()), listeners);
        } finally {
            watch.stop();
            Thread.interrupted();
        }
        return new TrialRecords.BlockWarmUp(load.warmedSeconds() + load.windowSeconds(), load.steady(), watch.seen().jit());
    }

    /**
     * The watchdog saw the server go, or it is gone now: a load or trial can fail on the server's end before the
     * watchdog's next look (a probe's read on a host whose connection was just lost), and then the server's end is the
     * cause, not the engine.
     */
    private static boolean gone(AtomicBoolean died, RunningSut sut) {
        return died.get() || !sut.isAlive();
    }

    /** Why the server is gone: it died, or the lab lost its host (whose watchdog then ended it). */
    private static String died(RunningSut sut) {
        return sut.lostHost().map(h -> "the connection to host " + h + " was lost during the trial; the server there was ended with it")
                .orElse(DIED);
    }

    private TrialResult serviceDied(PlannedTrial trial, RunServices.DeadService dead, Progress progress) {
        String why = "service-died: " + dead.name() + " died during the trial";
        // How it ended goes first in its log's tail: the exit status the JDK reaped, the proof it died.
        return failed(TrialRecords.serviceDied(trial, why, dead.name() + " " + dead.ended() + " | " + dead.logTail()),
                progress, why + " (" + dead.ended() + ")");
    }

    private TrialResult failed(TrialResult result, Progress progress, String why) {
        session.write(result, null);
        lastLine(progress, p -> p.finished("FAILED: " + why));
        return result;
    }

    /** The trial's last line: what it came to, unless the lab's own ending cut it short. */
    private void lastLine(Progress progress, Consumer<Progress> cameTo) {
        if (session.aborting()) {
            progress.finished(CUT_SHORT);
        } else {
            cameTo.accept(progress);
        }
    }

    /** Interrupts the driver's thread the moment the server's process, or a service's the lab started, is gone. */
    private Thread watch(RunningSut sut, AtomicBoolean died, AtomicReference<RunServices.DeadService> deadService, Thread driverThread) {
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

    private static void stop(TrialWatch probes, Thread watchdog) {
        probes.stop();
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
                if (phase == LoadPhase.WARM_UP && work != null) {
                    work.rehearse(sut.uri());
                }
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
