package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.load.LoadListener;

/**
 * Something that watches a trial: it hears the load's phases and seconds as a {@link LoadListener}
 * (and may hold a warm-up open until it says the server has settled), and when the load is over adds
 * what it saw to the trial's {@link Observed}. JMH's profilers are the model: a trial's executor
 * knows probes, not instruments; {@link Probes} picks them.
 */
public interface Probe extends LoadListener {

    /** The load is over, or failed: stop watching. Called once, before {@link #report}, also when the trial failed. */
    default void stop() {
    }

    /** Adds what this probe saw; called after {@link #stop} for a trial whose load ran to its end. */
    void report(Observed observed);
}
