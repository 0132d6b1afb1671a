package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.jit.JitPriority;

/** Gives the JIT's compiler threads priority through the warm-up ({@link JitPriority}); it adds nothing to the record. */
public final class PriorityProbe extends ListeningProbe {

    public PriorityProbe(JitPriority priority) {
        super(priority);
    }

    @Override
    public void report(Observed observed) {
    }
}
