package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.suite.Variant;
import java.util.List;

/** One server JVM's life: started, then the trials run on it one after another, then stopped. */
public record Launch(Variant variant, List<PlannedTrial> trials) {
}
