package dev.concurrencylab.lab.jit;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import java.util.function.Consumer;

/**
 * Gives a server's JIT compiler threads priority through the warm-up, and the driver's CPU beside
 * the server's, and hands the window the JVM's own priorities on the server's CPUs alone (why:
 * {@link CompilerThreads}). Threads the JVM starts later, or that the server's pinning moved back,
 * are raised and moved at the next second of progress.
 */
public final class JitPriority implements LoadListener {

    /**
     * Where the compiler threads may run.
     *
     * @param warmUp through the warm-up: the server's CPUs and the driver's, e.g. {@code 0,1}
     * @param window in the window: the server's own, where every other thread of it runs
     */
    public record Cpus(String warmUp, String window) {
    }

    private final CompilerThreads compilers;
    private final Cpus cpus;
    private final Consumer<String> refused;
    private boolean warming;

    /**
     * @param cpus    where the compiler threads run in the warm-up and in the window, or {@code null} to leave them where the server is
     * @param refused told why, each time the threads could not be raised or moved (e.g. no CAP_SYS_NICE): the warm-up then only takes longer
     */
    public JitPriority(CompilerThreads compilers, Cpus cpus, Consumer<String> refused) {
        this.compilers = compilers;
        this.cpus = cpus;
        this.refused = refused;
    }

    @Override
    public synchronized void phase(LoadPhase phase) {
        warming = phase == LoadPhase.WARM_UP;
        if (warming) {
            prefer();
        } else {
            compilers.restore();
            if (cpus != null) {
                compilers.allow(cpus.window()).ifPresent(refused);
            }
        }
    }

    @Override
    public synchronized void progress(long answered, long failed) {
        if (warming) {
            prefer();
        }
    }

    private void prefer() {
        compilers.raise().ifPresent(refused);
        if (cpus != null) {
            compilers.allow(cpus.warmUp()).ifPresent(refused);
        }
    }
}
