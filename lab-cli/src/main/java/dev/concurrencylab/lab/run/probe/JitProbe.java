package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.jit.JitSettling;

/** Holds a warm-up open until the server's JIT has settled, and says what it saw of it ({@link JitSettling}). */
public final class JitProbe extends ListeningProbe {

    private final JitSettling settling;

    public JitProbe(JitSettling settling) {
        super(settling);
        this.settling = settling;
    }

    @Override
    public void report(Observed observed) {
        observed.jit(settling.watched());
    }
}
