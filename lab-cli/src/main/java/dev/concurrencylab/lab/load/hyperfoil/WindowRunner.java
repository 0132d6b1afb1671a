package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadPhase;
import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** Knows which phase is running, whether the session pool ran dry, and when the measured window began and ended. */
final class WindowRunner extends LocalSimulationRunner {
    private final List<String> measured;
    private final AtomicReference<Tally> current;
    private final Tally measureTally;
    private final LoadListener listener;
    private final LoadModel model;
    final AtomicBoolean sessionLimitHit = new AtomicBoolean();
    final AtomicLong windowStartNanos = new AtomicLong();
    final AtomicLong finishedNanos = new AtomicLong();
    final AtomicLong terminatedNanos = new AtomicLong();
    final AtomicLong warmStartNanos = new AtomicLong();
    final AtomicLong warmEndNanos = new AtomicLong();

    WindowRunner(Benchmark benchmark, WindowStatistics collector, List<String> measured, AtomicReference<Tally> current,
            Tally measureTally, LoadListener listener, LoadModel model) {
        super(benchmark, collector, null, collector);
        this.model = model;
        this.measured = measured;
        this.current = current;
        this.measureTally = measureTally;
        this.listener = listener;
    }

    /**
     * A timed window ends when its last phase stops starting requests (those still in flight are
     * counted but do not stretch the window); a counted one ends when its last answer arrives. A closed
     * or counted window starts when its first request is sent, so whatever the lab does as the phase
     * begins is outside it. An open one starts with its phase: the engine's arrival schedule is anchored
     * there and sends arrivals it could not send on time as soon as it can, so they belong to the window.
     */
    double windowSeconds() {
        long first = measureTally.firstSent.get();
        long start = model.open() || first == 0 ? windowStartNanos.get() : first;
        long end = model.timed() && finishedNanos.get() != 0 ? finishedNanos.get() : terminatedNanos.get();
        return start == 0 || end == 0 ? 0 : (end - start) / 1e9;
    }

    /** After a timed window, the seconds until its last answer arrived; 0 for a counted one, which ends with it. */
    double waitSeconds() {
        long finished = finishedNanos.get();
        long terminated = terminatedNanos.get();
        return !model.timed() || finished == 0 || terminated < finished ? 0 : (terminated - finished) / 1e9;
    }

    /** Seconds the warm-up has run so far, or ran; 0 before it starts. */
    double warmedSeconds() {
        long start = warmStartNanos.get();
        long end = warmEndNanos.get();
        return start == 0 ? 0 : ((end == 0 ? System.nanoTime() : end) - start) / 1e9;
    }

    /** The warm-up is running and has not been told to end. */
    boolean warming() {
        return warmStartNanos.get() != 0 && warmEndNanos.get() == 0;
    }

    @Override
    protected CompletableFuture<Void> phaseChanged(Phase phase, PhaseInstance.Status status, boolean sessionLimitExceeded, Throwable error) {
        if (phase.isWarmup) {
            if (status == PhaseInstance.Status.RUNNING) {
                warmStartNanos.compareAndSet(0, System.nanoTime());
            } else if (status == PhaseInstance.Status.FINISHED) {
                warmEndNanos.compareAndSet(0, System.nanoTime());
            }
        }
        if (measured.contains(phase.name())) {
            if (sessionLimitExceeded) {
                sessionLimitHit.set(true);
            }
            if (status == PhaseInstance.Status.RUNNING && windowStartNanos.compareAndSet(0, System.nanoTime())) {
                current.set(measureTally);
                listener.phase(LoadPhase.MEASURE);
            }
            if (phase.name().equals(measured.getLast())) {
                if (status == PhaseInstance.Status.FINISHED && finishedNanos.compareAndSet(0, System.nanoTime()) && model.timed()) {
                    measureTally.windowEndNanos.set(finishedNanos.get());
                    listener.windowEnded();
                } else if (status == PhaseInstance.Status.TERMINATED && terminatedNanos.compareAndSet(0, System.nanoTime()) && !model.timed()) {
                    listener.windowEnded();
                }
            }
        }
        return super.phaseChanged(phase, status, sessionLimitExceeded, error);
    }
}
