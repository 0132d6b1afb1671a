package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.run.probe.Observed;
import dev.concurrencylab.lab.run.probe.Probe;
import java.util.List;

/**
 * The probes {@link TrialProbes} put on one trial, held as one: the executor hears the load through
 * them, stops them once and reads what they saw, without knowing which probes a trial has.
 */
final class TrialWatch {

    private final List<Probe> probes;

    TrialWatch(List<Probe> probes) {
        this.probes = List.copyOf(probes);
    }

    /** {@code first}, then every probe in the order they were put on the trial. */
    LoadListener after(LoadListener first) {
        LoadListener listeners = first;
        for (Probe probe : probes) {
            listeners = listeners.and(probe);
        }
        return listeners;
    }

    /** The load is over, or failed; every probe stops, also when the trial failed. */
    void stop() {
        probes.forEach(Probe::stop);
    }

    /** What the probes saw; read after {@link #stop} for a trial whose load ran to its end. */
    Observed.Seen seen() {
        Observed observed = new Observed();
        probes.forEach(p -> p.report(observed));
        return observed.seen();
    }
}
