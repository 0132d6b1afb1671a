package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.suite.Launch;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.verdict.Sequential;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A suite expanded for one scale into trials, in the order they run, each on a server started for
 * it alone or, when the suite shares launches, on its variant's server for the round.
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

    /**
     * True when {@code next} may run on the server {@code previous} ran on: the suite shares launches,
     * both are of one variant and round, and neither is cold (a cold benchmark measures a fresh JVM).
     */
    public boolean sameServer(PlannedTrial previous, PlannedTrial next) {
        return sharesLaunches() && previous.variant().equals(next.variant())
                && previous.repetition() == next.repetition() && !previous.benchmark().cold() && !next.benchmark().cold();
    }

    /** True when the suite runs a variant's round on one server ({@link Launch#PER_ROUND}). */
    public boolean sharesLaunches() {
        return suite.launch() == Launch.PER_ROUND;
    }

    /** True when the {@code i}-th trial, with every trial before it run, starts a server of its own. */
    public boolean startsServer(int i) {
        return i == 0 || !sameServer(trials.get(i - 1), trials.get(i));
    }

    /** How many servers the trials need when every one of them runs. */
    public int launches() {
        return (int) IntStream.range(0, trials.size()).filter(this::startsServer).count();
    }
}
