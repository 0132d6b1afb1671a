package dev.concurrencylab.lab.result;

import dev.concurrencylab.lab.jfr.JfrSummary;
import dev.concurrencylab.lab.monitor.ResourceSample;
import dev.concurrencylab.lab.monitor.ResourceSummary;
import java.util.List;

/**
 * What the server (and the services the lab started) used to give the window's answers.
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
}
