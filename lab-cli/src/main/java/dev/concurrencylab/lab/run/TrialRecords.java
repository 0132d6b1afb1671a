package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.jit.JitSettling;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.RequestLoad;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.CheckResult;
import dev.concurrencylab.lab.result.Completion;
import dev.concurrencylab.lab.result.CostPerRequest;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.Judged;
import dev.concurrencylab.lab.result.Latencies;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.RequestFigures;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.ServerUse;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.result.WarmUp;
import dev.concurrencylab.lab.result.WindowCounts;
import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.run.probe.Observed;
import dev.concurrencylab.lab.usage.ResourceSummary;
import dev.concurrencylab.lab.verdict.SteadyEnds;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Turns what a trial measured into its record: goodput and good answers' latency, failures apart,
 * checks as k6 counts them, flags with the figures behind them, and the suite's thresholds judged.
 */
final class TrialRecords {

    private TrialRecords() {
    }

    /**
     * How a trial's load ended, beside what it measured.
     *
     * @param startupMs  the server's start-up, when this trial started it
     * @param failure    why the trial did not complete, or {@code null}
     * @param completion the async work read back, or {@code null}
     * @param died       the server died during the trial
     * @param logTail    the server log's last lines, kept with a failure
     * @param before     a paired block's warm-up of the slice's server for its benchmark, before its first
     *                   cycle: that slice's warm-up is it and the slice's settle, so a run's time adds up from its
     *                   files and its end (steady, the JIT) is read there; {@code null} otherwise
     */
    record Ended(Long startupMs, String failure, Completion completion, boolean died, String logTail, BlockWarmUp before) {
    }

    /**
     * How a paired block's warm-up of a server ended.
     *
     * @param seconds the warm-up and its throwaway window
     * @param steady  whether its figures ended steady; {@code null} for a fixed warm-up
     * @param jit     what its last seconds showed of the JIT, {@code null} where it was not watched
     */
    record BlockWarmUp(double seconds, Boolean steady, JitSettling.Seen jit) {
    }

    /**
     * A slice after its block's warm-up reads that warm-up's end (steady, the JIT's last seconds) beside its own
     * settle; the JIT's compilations in the window stay the slice's own.
     */
    private static WarmUp warmUp(Long startupMs, LoadResult load, JitSettling.Seen jit, BlockWarmUp before) {
        double seconds = load.warmedSeconds() + (before == null ? 0 : before.seconds());
        Boolean steady = before == null ? load.steady() : before.steady();
        JitSettling.Seen lately = before == null || before.jit() == null ? jit : before.jit();
        if (lately == null) {
            return new WarmUp(startupMs, seconds, steady);
        }
        return new WarmUp(startupMs, seconds, steady, lately.msLately(), lately.compilesLately(), jit == null ? null : jit.compilesInWindow());
    }

    /** @param observed what the trial's probes saw: resources, profile, the JIT */
    static TrialResult measured(PlannedTrial trial, LoadResult load, Ended ended, Observed.Seen observed, VerdictRules rules) {
        Long startupMs = ended.startupMs();
        String failure = ended.failure();
        Completion completion = ended.completion();
        boolean died = ended.died();
        JitSettling.Seen jit = observed.jit();
        Map<String, Long> errors = new LinkedHashMap<>();
        load.errors().forEach((k, v) -> errors.put(k.key(), v));
        long attempts = load.sent() + load.errors().getOrDefault(ErrorClass.REFUSED, 0L);
        double errorRate = attempts == 0 ? 0 : (double) load.errorCount() / attempts;
        List<CheckResult> checks = load.checks().stream().map(c -> CheckResult.of(c.name(), c.passes(), c.fails())).toList();

        List<Flag> flags = new ArrayList<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        Attribution.Outcome attribution = Attribution.of(trial.load(), load, died, trial.request().perSession());
        attribution.flags().forEach((flag, why) -> flag(flags, reasons, flag, why));
        if (errorRate > rules.maxErrorRate()) {
            flag(flags, reasons, Flag.ERRORS, String.format(Locale.ROOT, "%.2f %% of %,d requests failed (%s), above %s %%",
                    errorRate * 100, attempts, describe(errors), percent(rules.maxErrorRate())));
        }
        List<String> failedChecks = load.checks().stream().filter(c -> c.fails() > 0)
                .map(c -> String.format(Locale.ROOT, "%s: %,d of %,d failed", c.name(), c.fails(), c.passes() + c.fails())).toList();
        if (!failedChecks.isEmpty()) {
            flag(flags, reasons, Flag.FAILED_CHECKS, String.join("; ", failedChecks));
        }
        if (Boolean.FALSE.equals(load.steady()) && failure == null && load.warmedSeconds() < trial.warmup().max().toMillis() / 1000.0 - 1) {
            flag(flags, reasons, Flag.NOT_STEADY, String.format(Locale.ROOT,
                    "the server answered nothing in the warm-up's last %d s, so it ended at %.1f s of its %.0f s maximum",
                    Warmup.silentSeconds(trial.request().timeout()), load.warmedSeconds(), trial.warmup().max().toMillis() / 1000.0));
        } else if (Boolean.FALSE.equals(load.steady())) {
            flag(flags, reasons, Flag.NOT_STEADY, String.format(Locale.ROOT,
                    "still not steady after the warm-up's %s s maximum (%s over the last 5 s%s)", round(load.warmedSeconds()),
                    trial.load().steadyState().figure().label(),
                    jit == null ? "" : String.format(Locale.ROOT, "; the JIT's compiler threads wanted a CPU for %,.0f ms of them%s", jit.msLately(),
                            jit.compilesLately() == null ? "" : String.format(Locale.ROOT, " and it finished %,d compilations", jit.compilesLately()))));
        }
        WindowShape shape = failure == null ? WindowShapes.ofWindow(trial.load(), load.series(), load.windowSeconds(), rules) : null;
        if (shape != null && !shape.flat()) {
            flag(flags, reasons, Flag.WINDOW_SHIFTED, WindowShapes.describe(shape));
        }
        if (died) {
            flag(flags, reasons, Flag.SERVER_DIED, "the server's process ended during the trial");
        }
        if (completion != null && !completion.known()) {
            flag(flags, reasons, Flag.WORK_NOT_COMPLETED, String.format(Locale.ROOT,
                    "the server did not answer /async/stats in the %s s the lab waited after the window (%s): what became of its handed-off work is not known",
                    round(completion.waitedSeconds()), completion.unread()));
        } else if (completion != null && (!completion.complete() || completion.failed() > 0)) {
            flag(flags, reasons, Flag.WORK_NOT_COMPLETED, String.format(Locale.ROOT, "%,d handed off, %,d completed, %,d failed%s",
                    completion.handedOff(), completion.completed(), completion.failed(), completion.complete() ? "" : ", the rest pending"));
        }
        ResourceSummary summary = observed.summary();
        if (summary != null) {
            summary.flags().forEach(f -> flag(flags, reasons, Flag.of(f), summary.reasons().getOrDefault(f, "")));
        }
        TrialResult result = TrialResult.of(identity(trial))
                .outcome(new TrialOutcome(failure == null ? TrialStatus.OK : TrialStatus.FAILED, failure, flags, reasons,
                        failure == null ? null : ended.logTail()))
                .warmUp(warmUp(startupMs, load, jit, ended.before()))
                .window(new WindowCounts(round(load.windowSeconds()), round(load.waitSeconds()), load.sent(), load.good(),
                        load.answered(), round(load.throughput()), errors, errorRate, load.latencyCheckFailed(), load.blockedMillis(),
                        load.series(), shape, load.goodAfterWindow()))
                .latencies(new Latencies(LatencySummary.of(load.latencyNanos()), LatencySummary.of(load.failedLatencyNanos()),
                        ResultStore.histogramLogName(trial.number(), trial.variant().name(), trial.benchmark().name(), load.latencyNanos()),
                        SteadyEnds.lastLevel(shape, load.series().size()).flatMap(l -> load.good(l.from(), l.to())).map(LatencySummary::of)
                                .orElse(null),
                        levelLatencies(shape, load)))
                .delivery(attribution.delivery())
                .completion(completion)
                .judged(new Judged(checks, List.of()))
                .requests(requests(load))
                .server(new ServerUse(observed.resources(), observed.summary(),
                        CostPerRequest.of(observed.resources(), load.answered(), observed.contextSwitches()), observed.profile()))
                .build();
        return result.ok() ? result.withThresholds(rules.thresholds().stream().filter(t -> t.appliesTo(result)).map(t -> t.judge(result)).toList())
                : result;
    }

    /** A mix's requests, each counted as the whole is: goodput over the window, errors over what it sent. */
    private static List<RequestFigures> requests(LoadResult load) {
        List<RequestFigures> out = new ArrayList<>();
        for (RequestLoad r : load.requests()) {
            Map<String, Long> errors = new LinkedHashMap<>();
            r.errors().forEach((k, v) -> errors.put(k.key(), v));
            out.add(new RequestFigures(r.name(), r.weight(), r.sent(), load.sent() == 0 ? 0 : round(100.0 * r.sent() / load.sent()), r.good(),
                    r.answered(), load.windowSeconds() > 0 ? round((r.good() - r.goodAfterWindow()) / load.windowSeconds()) : 0, errors,
                    r.sent() == 0 ? 0 : (double) r.errorCount() / r.sent(), LatencySummary.of(r.latencyNanos())));
        }
        return out;
    }

    /** A trial that could not run, or whose server died before it. */
    static TrialResult failed(PlannedTrial t, String why, String logTail) {
        return failed(t, why.contains("died") ? Flag.SERVER_DIED : Flag.FAILED, why, logTail);
    }

    /** A trial ended by the death of a service the lab started for it (its database, say), not of its server. */
    static TrialResult serviceDied(PlannedTrial t, String why, String logTail) {
        return failed(t, Flag.SERVICE_DIED, why, logTail);
    }

    /** A trial that could not run for the reason {@code flag} names. */
    private static TrialResult failed(PlannedTrial t, Flag flag, String why, String logTail) {
        return TrialResult.of(identity(t)).outcome(TrialOutcome.failed(flag, why, logTail)).build();
    }

    private static TrialIdentity identity(PlannedTrial t) {
        return new TrialIdentity(t.number(), t.variant().name(), t.benchmark().name(), t.benchmark().workload(), t.repetition(),
                t.load().name(), t.load(), t.sharesServer() ? t.launch() : null, t.slice());
    }

    /**
     * Each level's good answers' response times, for a window whose level moved and ended on none it held long enough
     * to be read there (one that did is read on its steady end's alone); {@code null} otherwise, or where its seconds were not kept.
     */
    private static List<LatencySummary> levelLatencies(WindowShape shape, LoadResult load) {
        if (shape == null || shape.flat() || SteadyEnds.lastLevel(shape, load.series().size()).isPresent()) {
            return null;
        }
        List<LatencySummary> levels = new ArrayList<>();
        for (WindowShape.Segment s : shape.segments()) {
            Optional<LatencySummary> level = load.good(s.from(), s.to()).map(LatencySummary::of);
            if (level.isEmpty()) {
                return null;
            }
            levels.add(level.get());
        }
        return levels;
    }

    private static void flag(List<Flag> flags, Map<String, String> reasons, Flag flag, String... why) {
        flags.add(flag);
        reasons.put(flag.key(), String.join("", why));
    }

    private static String describe(Map<String, Long> errors) {
        List<String> parts = new ArrayList<>();
        errors.forEach((k, v) -> {
            if (v > 0) {
                parts.add(String.format(Locale.ROOT, "%s %,d", k, v));
            }
        });
        return String.join(", ", parts);
    }

    private static String percent(double fraction) {
        double p = fraction * 100;
        return p == Math.rint(p) ? Long.toString(Math.round(p)) : Double.toString(p);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
