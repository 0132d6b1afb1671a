package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.jfr.JfrRecorder;
import dev.concurrencylab.lab.jit.CompilerThreads;
import dev.concurrencylab.lab.jit.JitPriority;
import dev.concurrencylab.lab.jit.JitSettling;
import dev.concurrencylab.lab.jit.PerfData;
import dev.concurrencylab.lab.monitor.MemoryPace;
import dev.concurrencylab.lab.monitor.Monitor;
import dev.concurrencylab.lab.monitor.ProcessMetrics;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.run.probe.JfrProbe;
import dev.concurrencylab.lab.run.probe.JitProbe;
import dev.concurrencylab.lab.run.probe.MonitorProbe;
import dev.concurrencylab.lab.run.probe.PerfCountersProbe;
import dev.concurrencylab.lab.run.probe.PriorityProbe;
import dev.concurrencylab.lab.run.probe.Probe;
import dev.concurrencylab.lab.sut.RunningSut;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Which probes watch a trial, by what the benchmark asks for and what the server's machine lets
 * the lab read: the monitor when the benchmark is watched, JFR and the JVM's own counters when it
 * asks for a recording, the JIT's settling when the warm-up waits for steady state, the compiler
 * threads' priority when the lab started the server. The one place a new probe is added.
 */
final class TrialProbes {

    private static final Duration SAMPLE_EVERY = Duration.ofSeconds(1);

    private final Session session;
    private final ProcessMetrics os = new ProcessMetrics();
    private final AtomicBoolean jitPriorityRefused = new AtomicBoolean();

    TrialProbes(Session session) {
        this.session = session;
    }

    TrialWatch forTrial(PlannedTrial trial, RunningSut sut, Progress progress) {
        List<Probe> probes = new ArrayList<>();
        CompilerThreads compilers = sut.pid().isPresent() ? CompilerThreads.of(sut.pid().getAsLong()).orElse(null)
                : sut.remote().map(r -> CompilerThreads.of(r.pid(), r.tasks())).orElse(null);
        if (compilers != null && sut.startedByLab()) {
            probes.add(new PriorityProbe(new JitPriority(compilers, compilerCpus(sut), why -> {
                if (jitPriorityRefused.compareAndSet(false, true)) {
                    progress.note("lab: the servers' JIT compiler threads keep their priority or their CPUs during warm-ups: " + why);
                }
            })));
        }
        if (trial.benchmark().watched()) {
            Session.Watching watching = session.watching();
            probes.add(new MonitorProbe(new Monitor(os, session.target(sut), SAMPLE_EVERY,
                    trial.benchmark().paced() ? MemoryPace.shared() : null), watching.noisyAbovePercent(),
                    watching.layout().driverCpuCount()));
        }
        if (trial.benchmark().jfr() && sut.pid().isPresent()) {
            probes.add(new JfrProbe(new JfrRecorder(sut.pid().getAsLong(),
                    session.store().trialFile(trial.number(), trial.variant().name(), trial.benchmark().name(), ".jfr")), progress::note));
        }
        if (trial.benchmark().jfr() && sut.pid().isPresent()) {
            PerfData.of(sut.pid().getAsLong()).ifPresent(counters -> probes.add(new PerfCountersProbe(counters,
                    session.store().trialFile(trial.number(), trial.variant().name(), trial.benchmark().name(), ".perf.txt"), progress::note)));
        }
        if (trial.warmup().untilSteady() && compilers != null) {
            probes.add(new JitProbe(new JitSettling(compilers, sut.pid().isPresent() ? PerfData.of(sut.pid().getAsLong()) : Optional.empty())));
        }
        return new TrialWatch(probes);
    }

    /**
     * The driver's CPU beside the server's for the compiler threads' warm-up, where the lab pinned a
     * server of this machine; {@code null} (they stay with the server) where nothing is pinned or the
     * server is on another host.
     */
    private JitPriority.Cpus compilerCpus(RunningSut sut) {
        CpuLayout layout = session.watching().layout();
        if (!layout.pinned() || sut.remote().isPresent() || sut.pid().isEmpty()) {
            return null;
        }
        return new JitPriority.Cpus(layout.driver() + "," + layout.sut(), layout.sut());
    }
}
