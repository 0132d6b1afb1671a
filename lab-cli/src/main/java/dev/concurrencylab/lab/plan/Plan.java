package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import java.util.List;

/** A suite expanded for one scale into server launches and trials, in the order they run. */
public record Plan(Suite suite, Scale scale, int trialsPerVariant, List<Launch> launches) {

    public int trialCount() {
        return launches.stream().mapToInt(l -> l.trials().size()).sum();
    }
}
