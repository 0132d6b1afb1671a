package dev.concurrencylab.lab.jit;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import java.util.function.Consumer;

/**
 * Gives a server's JIT compiler threads priority through the warm-up and hands the window the
 * JVM's own priorities (why: {@link CompilerThreads}). Threads the JVM starts later are raised at
 * the next second of progress.
 */
public final class JitPriority implements LoadListener {

    private final CompilerThreads compilers;
    private final Consumer<String> refused;
    private boolean warming;

    /** @param refused told why, each time the threads could not be raised (e.g. no CAP_SYS_NICE): the warm-up then only takes longer */
    public JitPriority(CompilerThreads compilers, Consumer<String> refused) {
        this.compilers = compilers;
        this.refused = refused;
    }

    @Override
    public synchronized void phase(LoadPhase phase) {
        warming = phase == LoadPhase.WARM_UP;
        if (warming) {
            compilers.raise().ifPresent(refused);
        } else {
            compilers.restore();
        }
    }

    @Override
    public synchronized void progress(long answered, long failed) {
        if (warming) {
            compilers.raise().ifPresent(refused);
        }
    }
}
