package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.concurrencylab.lab.usage.JfrSummary;
import dev.concurrencylab.lab.usage.JvmMetric;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.usage.ResourceSummary;
import java.util.List;

/**
 * What the server (and the services the lab started) used to give the window's answers.
 *
 * <p>Some of {@code cost} and {@code resourceSummary} cannot tell a missing figure from a zero, and results
 * keep what was recorded: the figures reports read go through the methods below, which say unknown
 * ({@code null}) where the window does not carry the figure.
 *
 * @param resources       per-second resource figures of the measured window, from the monitor
 * @param resourceSummary their averages and peaks, the noise figures and what watching cost
 * @param cost            what each answer cost the server (and the services the lab started)
 * @param profile         what the trial's JFR recording says, when the benchmark asked for one
 */
public record ServerUse(List<ResourceSample> resources, ResourceSummary resourceSummary, CostPerRequest cost, JfrSummary profile) {

    /** Nothing was watched. */
    public static final ServerUse NONE = new ServerUse(List.of(), null, null, null);

    public ServerUse {
        resources = resources == null ? List.of() : resources;
    }

    /**
     * Heap allocated per 1,000 answers, or {@code null} when unknown. Micrometer adds to its count only at
     * a GC, so a window in which no GC was counted reads 0 however much was allocated; and a scrape the
     * server left unanswered loses its interval's change, GC and all.
     */
    @JsonIgnore
    public Double allocatedMbPer1k() {
        Double mb = cost == null ? null : cost.allocatedMbPer1k();
        return mb == null || mb <= 0 || !countedThroughout(JvmMetric.ALLOCATED_MB) ? null : mb;
    }

    /** GC pause time per 1,000 answers, or {@code null} when a scrape the server left unanswered may have hidden a pause. */
    @JsonIgnore
    public Double gcPauseMsPer1k() {
        Double ms = cost == null ? null : cost.gcPauseMsPer1k();
        return ms == null || !countedThroughout(JvmMetric.GC_PAUSE_MS) ? null : ms;
    }

    /** GC pause time as a share of the window, or {@code null} when a scrape the server left unanswered may have hidden a pause. */
    @JsonIgnore
    public Double gcPausePercent() {
        Double percent = resourceSummary == null ? null : resourceSummary.gcPausePercent();
        return percent == null || !countedThroughout(JvmMetric.GC_PAUSE_MS) ? null : percent;
    }

    /**
     * Context switches per answer, or {@code null} when unknown. Results written before 74ed642 hold 0 where
     * the sum over the server's live threads went down in the window (threads that ended took their counts
     * with them); a server that answered cannot have switched no thread at all, so a 0 is that fault.
     */
    @JsonIgnore
    public Double contextSwitchesPerAnswer() {
        Double switches = cost == null ? null : cost.contextSwitchesPerAnswer();
        return switches == null || switches <= 0 ? null : switches;
    }

    /**
     * Other processes' average CPU over the window, in percent of one core, or {@code null} when the window
     * was too short for {@code /proc}'s ticks to measure it ({@link ResourceSummary#measuresNoise()}).
     */
    @JsonIgnore
    public Double otherCpuPercent() {
        ResourceSummary.Stat other = resourceSummary == null || tooShortToMeasureNoise() ? null
                : resourceSummary.figures().get(ResourceSample.OTHER_CPU);
        return other == null ? null : other.avg();
    }

    /** The window was watched, but too briefly to tell whether other processes took the machine. */
    @JsonIgnore
    public boolean tooShortToMeasureNoise() {
        return resourceSummary != null && !resourceSummary.measuresNoise();
    }

    /** Every interval of the window has the counter's change: the monitor records one only between two answered scrapes. */
    private boolean countedThroughout(JvmMetric counter) {
        return !resources.isEmpty() && resources.stream().allMatch(s -> s.values().containsKey(counter.key()));
    }
}
