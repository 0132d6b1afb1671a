package dev.concurrencylab.lab.run.probe;

import dev.concurrencylab.lab.jit.JitSettling;
import dev.concurrencylab.lab.usage.JfrSummary;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.usage.ResourceSummary;
import java.util.List;

/**
 * What a trial's probes saw, for its record: each probe fills its own part; a part no probe filled
 * stays as it starts (nothing sampled, switches unknown, no profile, the JIT not watched).
 */
public final class Observed {

    private List<ResourceSample> resources = List.of();
    private ResourceSummary summary;
    private long contextSwitches = -1;
    private JfrSummary profile;
    private JitSettling.Seen jit;

    /** The monitor's samples over the window, its summary and the server's context switches (-1 when unknown). */
    public void resources(List<ResourceSample> samples, ResourceSummary summary, long contextSwitches) {
        this.resources = List.copyOf(samples);
        this.summary = summary;
        this.contextSwitches = contextSwitches;
    }

    public void profile(JfrSummary profile) {
        this.profile = profile;
    }

    public void jit(JitSettling.Seen jit) {
        this.jit = jit;
    }

    /** What was observed, as the trial's record reads it. */
    public Seen seen() {
        return new Seen(resources, summary, contextSwitches, profile, jit);
    }

    /**
     * @param summary         {@code null} when the server was not watched
     * @param contextSwitches -1 when unknown
     * @param profile         {@code null} without a JFR recording
     * @param jit             {@code null} when the warm-up did not watch the JIT
     */
    public record Seen(List<ResourceSample> resources, ResourceSummary summary, long contextSwitches, JfrSummary profile,
            JitSettling.Seen jit) {
    }
}
