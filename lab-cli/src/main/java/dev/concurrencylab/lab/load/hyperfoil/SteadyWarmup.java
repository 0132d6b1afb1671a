package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.SteadyState;
import dev.concurrencylab.lab.load.Warmup;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends a warm-up that waits for steady state: once a second it takes the warm-up's own figure
 * (answers per second, or p50 for open models) from the warm-up's tally, which is never part of the
 * result, and ends the warm-up phase once the figures are steady and every listener says the server
 * has settled, no sooner than the minimum. At the maximum Hyperfoil ends the phase itself.
 * A server that has answered nothing for {@link Warmup#silentSeconds} since requests began ends the
 * warm-up at once, unsteady: no figure can settle on it, and the window measures what it does.
 */
final class SteadyWarmup {

    private final LoadRun run;
    private final Tally tally;
    private final WindowRunner runner;
    private final String phase;
    private final SteadyState rule;
    private final long silentBound;
    private final List<Double> seconds = new ArrayList<>();
    private long answeredBefore;
    private int silentSeconds;
    private volatile boolean endedSteady;

    SteadyWarmup(LoadRun run, Tally tally, WindowRunner runner, String phase) {
        this.run = run;
        this.tally = tally;
        this.runner = runner;
        this.phase = phase;
        this.rule = run.model().steadyState();
        this.silentBound = Warmup.silentSeconds(run.request().timeout());
    }

    /** Once a second, from the driver's ticker. */
    void tick(LoadListener listener) {
        if (!run.warmup().untilSteady() || !runner.warming()) {
            return;
        }
        long answered = tally.answered.sum();
        boolean steady;
        synchronized (seconds) {
            seconds.add(rule.figure() == SteadyState.PerSecond.P50_MS ? tally.good.getIntervalHistogram().getValueAtPercentile(50) / 1e6
                    : (double) (answered - answeredBefore));
            steady = rule.reached(seconds);
        }
        silentSeconds = answered == answeredBefore && tally.firstSent.get() != 0 ? silentSeconds + 1 : 0;
        answeredBefore = answered;
        // Asked every second, not only once the figures are steady: each listener keeps its own history.
        boolean settled = listener.settled();
        if (runner.warmedSeconds() < run.warmup().min().toMillis() / 1000.0) {
            return;
        }
        if (steady && settled) {
            endedSteady = true;
            runner.finishPhase(phase);
        } else if (silentSeconds >= silentBound) {
            runner.finishPhase(phase);
        }
    }

    /**
     * Whether the warm-up ended in steady state; {@code null} for a fixed one. At the maximum the
     * figures alone decide: a server still compiling only made the warm-up longer.
     */
    Boolean steady() {
        if (!run.warmup().untilSteady()) {
            return null;
        }
        synchronized (seconds) {
            return endedSteady || rule.reached(seconds);
        }
    }
}
