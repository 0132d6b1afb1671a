package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import java.util.List;

/** A suite expanded for one scale into trials, in the order they run, each on a server started for it alone. */
public record Plan(Suite suite, Scale scale, int trialsPerVariant, List<PlannedTrial> trials) {

    public int trialCount() {
        return trials.size();
    }
}
