package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.plan.Launch;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import dev.concurrencylab.lab.verdict.Threshold;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs a fixed plan in a session: for each launch, starts the server, runs its trials one after
 * another and stops it. A server that does not start fails its launch's trials; the run goes on.
 */
public final class Runner {

    /** How a run ended: trials that failed, and each threshold per benchmark and variant. */
    public record Outcome(int failedTrials, List<RunInfo.ThresholdOutcome> thresholds) {

        public List<RunInfo.ThresholdOutcome> crossed() {
            return thresholds.stream().filter(t -> !t.met()).toList();
        }
    }

    private final LoadDriver driver;
    private final Session session;

    public Runner(LoadDriver driver, Session session) {
        this.driver = driver;
        this.session = session;
    }

    /**
     * @param info        the run's description; services, status and counts are filled in here
     * @param serviceUrls services the user runs, by name; the others are started on loopback
     */
    public Outcome run(Plan plan, RunInfo info, Map<String, String> serviceUrls, Path work) {
        TrialExecutor executor = new TrialExecutor(driver, session, plan.suite().rules());
        Progress progress = session.progress(plan.trialCount());
        int failedTrials = session.within(plan.suite().services(), info, serviceUrls, work, progress, () -> {
            int failed = 0;
            int launchNumber = 0;
            launches:
            for (Launch launch : plan.launches()) {
                launchNumber++;
                RunningSut sut;
                try {
                    sut = session.launch(launch.variant(), launchNumber, plan.launches().size(), progress);
                } catch (SutException e) {
                    for (PlannedTrial t : launch.trials()) {
                        progress.trial(t);
                        session.write(TrialRecords.failed(t, e.getMessage(), null), null);
                        progress.finished("FAILED: " + e.getMessage());
                        failed++;
                    }
                    continue;
                }
                try {
                    boolean first = true;
                    for (PlannedTrial trial : launch.trials()) {
                        TrialResult result = executor.run(sut, trial, first, progress);
                        first = false;
                        if (!result.ok()) {
                            failed++;
                        }
                        if (result.flags().contains(Flag.SERVICE_DIED)) {
                            // Every later trial would measure a server without its database or broker.
                            progress.note("lab: " + result.failure() + "; the run stops here, finished trials are kept"
                                    + (result.serverLogTail() == null || result.serverLogTail().isBlank() ? "" : "; its log: " + result.serverLogTail()));
                            break launches;
                        }
                    }
                } finally {
                    session.stop(sut);
                }
            }
            return failed;
        });
        return new Outcome(failedTrials, Threshold.outcomes(session.written()));
    }
}
