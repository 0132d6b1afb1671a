package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.monitor.Monitor;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.usage.ResourceSummary;
import java.util.List;

/** The server's and the machine's resources, sampled through the window ({@link Monitor}). */
public final class MonitorProbe extends ListeningProbe {

    private final Monitor monitor;
    private final double noisyAbovePercent;
    private final int driverCpus;

    /** @param noisyAbovePercent other processes' CPU above which the machine is flagged noisy; @param driverCpus the driver's CPUs */
    public MonitorProbe(Monitor monitor, double noisyAbovePercent, int driverCpus) {
        super(monitor);
        this.monitor = monitor;
        this.noisyAbovePercent = noisyAbovePercent;
        this.driverCpus = driverCpus;
    }

    @Override
    public void stop() {
        monitor.finish();
    }

    @Override
    public void report(Observed observed) {
        List<ResourceSample> samples = monitor.finish();
        observed.resources(samples, ResourceSummary.of(samples, monitor.ownCpuPercent(), noisyAbovePercent, driverCpus),
                monitor.contextSwitches());
    }
}
