package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.verdict.Sequential;
import java.util.List;

/**
 * A suite expanded for one scale into trials, in the order they run, each on a server started for it alone.
 *
 * @param trialsPerVariant trials per variant and benchmark; with {@code sequential}, at most
 * @param sequential       the rule that may stop a benchmark's rounds early; {@code null} for a fixed count
 */
public record Plan(Suite suite, Scale scale, int trialsPerVariant, List<PlannedTrial> trials, Sequential sequential) {

    /** How the trial count is reached, as run.json and the report say it. */
    public String stopping() {
        return sequential == null ? "fixed: " + trialsPerVariant + " trial(s) of each"
                : sequential.describe();
    }

    public int trialCount() {
        return trials.size();
    }
}
