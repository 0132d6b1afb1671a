package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.hosts.HostException;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunRules;
import dev.concurrencylab.lab.result.Threshold;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs a plan in a session: for each trial, starts its server, runs the trial and stops the
 * server; in a suite that shares launches, the next trial of the variant's round runs on the same
 * server while the one before left it clean. A server that does not start fails its trial; the
 * run goes on. A sequential plan's benchmark stops between rounds once decided ({@link Rounds}).
 */
public final class Runner {

    /** How a run ended: trials run and failed, and each threshold per benchmark and variant. */
    public record Outcome(int trialsRun, int failedTrials, List<RunRules.ThresholdOutcome> thresholds) {

        public List<RunRules.ThresholdOutcome> crossed() {
            return thresholds.stream().filter(t -> !t.met()).toList();
        }
    }

    private final LoadDriver driver;
    private final Session session;

    /**
     * Whether the next trial of the round may run on the server this one ran on: not after a failed
     * trial, nor after one whose handed-off work did not all finish (it would still be running in
     * the next trial's window).
     */
    static boolean leavesServerClean(TrialResult result) {
        return result.ok() && (result.completion() == null || result.completion().complete());
    }

    public Runner(LoadDriver driver, Session session) {
        this.driver = driver;
        this.session = session;
    }

    /**
     * @param info        the run's description; services, status and counts are filled in here
     * @param serviceUrls services the user runs, by name; the others are started on loopback
     * @param estimate    what the plan should take (as the dry run prints it): the ETA before the first trial ends
     */
    public Outcome run(Plan plan, RunInfo info, Map<String, String> serviceUrls, Path work, Estimate estimate) {
        TrialExecutor executor = new TrialExecutor(driver, session, plan.suite().rules());
        Progress progress = session.progress(plan.trialCount());
        progress.guess(estimate.perTrial());
        if (plan.trials().isEmpty() && plan.pairing() != null) {
            progress.paceAfter(plan.sliceCount() / plan.pairing().blocks());
        }
        Rounds rounds = new Rounds(plan, session, progress, EarlierPart.of(plan, session.earlier().stream().map(TrialResult::identity).toList()));
        // a resumed run's trials so far, by number: the plan is walked again from its start and they are passed over
        Map<Integer, TrialResult> before = session.earlier().stream().collect(Collectors.toMap(t -> t.identity().number(), t -> t));
        progress.already(before.size());
        int[] run = {0};
        int failedTrials = session.within(plan.suite().servicesFor(plan.variants()), info, serviceUrls, work, progress, () -> {
            int failed = 0;
            RunningSut sut = null;
            // the last trial run on sut, while the next of its round may follow it there
            PlannedTrial sharable = null;
            try {
                for (PlannedTrial planned : plan.trials()) {
                    if (session.aborting()) {
                        break;
                    }
                    if (rounds.decided(planned)) {
                        continue;
                    }
                    PlannedTrial trial = planned.numbered(++run[0]);
                    if (before.containsKey(trial.number())) {
                        TrialIdentity was = before.get(trial.number()).identity();
                        if (!was.variant().equals(trial.variant().name()) || !was.benchmark().equals(trial.benchmark().name())
                                || was.repetition() != trial.repetition()) {
                            throw new IllegalStateException(String.format("trial %d in the results is %s · %s · trial %d; the plan has %s · %s · trial %d there",
                                    trial.number(), was.variant(), was.benchmark(), was.repetition(), trial.variant().name(), trial.benchmark().name(),
                                    trial.repetition()));
                        }
                        if (!before.get(trial.number()).ok()) {
                            failed++;
                        }
                        continue;
                    }
                    if (sharable != null && plan.sameServer(sharable, trial) && sut.isAlive()) {
                        trial = trial.onServerOf(sharable.launch());
                    } else {
                        if (sut != null) {
                            session.stop(sut);
                            sut = null;
                        }
                        try {
                            sut = session.launch(trial.variant(), trial.number(), String.format("trial %d/%d%s", trial.number(), progress.total(),
                                    plan.sharesLaunches() ? " and the round's next benchmarks" : ""), progress, plan.suite().servicesGivenTo(trial.variant()));
                        } catch (SutException | HostException e) {
                            progress.trial(trial);
                            session.write(TrialRecords.failed(trial, e.getMessage(), null), null);
                            progress.finished("FAILED: " + e.getMessage());
                            failed++;
                            sharable = null;
                            continue;
                        }
                    }
                    TrialResult result = executor.run(sut, trial, !trial.sharesServer(), progress);
                    sharable = leavesServerClean(result) ? trial : null;
                    if (!result.ok()) {
                        failed++;
                    }
                    if (result.outcome().flags().contains(Flag.SERVICE_DIED) && !session.aborting()) {
                        // Every later trial would measure a server without its database or broker.
                        String log = result.outcome().serverLogTail();
                        progress.note("lab: " + result.outcome().failure() + "; the run stops here, finished trials are kept"
                                + (log == null || log.isBlank() ? "" : "; its log: " + log));
                        break;
                    }
                }
            } finally {
                if (sut != null) {
                    session.stop(sut);
                }
            }
            if (plan.pairing() != null && !session.aborting()) {
                // slices number on after the fresh design's trials and anything a resumed run wrote
                int next = Math.max(run[0], before.keySet().stream().mapToInt(Integer::intValue).max().orElse(0)) + 1;
                Blocks blocks = new Blocks(plan, session, executor, progress, next);
                failed += blocks.run(session.earlier());
                run[0] = next - 1 + (int) session.written().stream().filter(t -> t.identity().number() >= next).count();
            }
            return failed;
        });
        return new Outcome(Math.max(0, run[0] - before.size()), failedTrials, Threshold.outcomes(session.written()));
    }
}
