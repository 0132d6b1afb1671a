package dev.concurrencylab.lab.export;

import dev.concurrencylab.lab.result.CheckResult;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.Judged;
import dev.concurrencylab.lab.result.Latencies;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.RequestFigures;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.Threshold;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A results directory as a run writes it, through the lab's own {@link ResultStore}: trials made from a
 * trial file the lab wrote (test resources), each with its histogram log and the time that log holds.
 */
final class ExportedRun {

    static final String SUITE = "own-app";
    /** When the driver closed trial 1's histogram, epoch milliseconds; each later trial's a minute after. */
    static final long CLOSED_MILLIS = 1_795_531_500_250L;
    static final List<String> THRESHOLDS = List.of("p95 < 3ms", "throughput > 200", "p95{request:owners} < 1ms");

    private ExportedRun() {
    }

    /** The trial the lab wrote (6 s of an open 150 req/s on /posts/{id}, p95 2.327 ms, 150.009 answers/s). */
    static TrialResult written() throws IOException {
        try (InputStream in = ExportedRun.class.getResourceAsStream("/result/trial-written-before-the-parts.json")) {
            return ResultStore.JSON.readValue(in, TrialResult.class);
        }
    }

    /** That trial as trial {@code number} of {@code variant}, with a two-request mix when {@code mix}. */
    static TrialResult trial(int number, String variant, boolean mix) throws IOException {
        TrialResult t = written();
        TrialIdentity id = new TrialIdentity(number, variant, "owners", "owners-mix", 1, t.identity().loadModel(), t.identity().load());
        List<RequestFigures> requests = !mix ? null : List.of(
                new RequestFigures("owners", 80, 720, 80, 718, 720, 119.6, Map.of("status", 2L), 2 / 720.0,
                        new LatencySummary(0.4, 0.9, 0.7, 1.1, 1.5, 4.1, 7.0, 7.4, 0.8)),
                new RequestFigures("new-owner", 20, 180, 20, 180, 180, 30.4, Map.of("status", 0L), 0,
                        new LatencySummary(0.5, 1.2, 0.9, 1.6, 2.8, 4.9, 7.1, 7.5, 0.9)));
        return new TrialResult(id, t.outcome(), t.warmUp(), t.window(), t.latencies(), t.delivery(), t.completion(), t.judged(),
                t.server(), requests);
    }

    /** The same trial with {@code fails} answers failing its status check. */
    static TrialResult failingStatus(TrialResult t, long fails) {
        List<CheckResult> checks = t.judged().checks().stream()
                .map(c -> c.name().equals("status is 200") ? CheckResult.of(c.name(), c.passes() - fails, fails) : c).toList();
        return new TrialResult(t.identity(), t.outcome(), t.warmUp(), t.window(), t.latencies(), t.delivery(), t.completion(),
                new Judged(checks, t.judged().thresholds()), t.server(), t.requests());
    }

    /** A trial whose server died before its load: nothing but its identity and why. */
    static TrialResult failed(int number, String variant) {
        return TrialResult.of(new TrialIdentity(number, variant, "owners", "owners-mix", 1, "open-rate", null))
                .outcome(TrialOutcome.failed(Flag.SERVER_DIED, "the server exited with 137 while starting", "Killed"))
                .build();
    }

    /**
     * Writes run.json and the trials, each judged on {@link #THRESHOLDS} as the runner does, and each
     * with a histogram log closed at {@link #CLOSED_MILLIS} plus a minute per trial before it.
     */
    static Path write(Path parent, TrialResult... trials) throws IOException {
        Path dir = parent.resolve("20261124-144340-" + SUITE);
        ResultStore store = ResultStore.create(dir);
        Files.writeString(dir.resolve("run.json"), """
                {"schemaVersion": 2, "suite": "%s", "scale": "quick", "trialsPerVariant": 1, "status": "complete",
                 "started": "2026-11-24T14:43:40.261Z", "command": "./lab run /tmp/own-app.yaml",
                 "thresholds": [%s], "trialsPlanned": %d, "trialsWritten": %d}
                """.formatted(SUITE, String.join(", ", THRESHOLDS.stream().map(t -> "\"" + t + "\"").toList()), trials.length,
                trials.length));
        for (TrialResult t : trials) {
            List<Threshold> rules = THRESHOLDS.stream().map(Threshold::parse).filter(r -> r.appliesTo(t)).toList();
            TrialResult judged = t.ok() ? t.withThresholds(rules.stream().map(r -> r.judge(t)).toList()) : t;
            Histogram h = histogram(closedAt(t.identity().number()));
            store.writeTrial(t.ok() ? withLog(judged, h) : judged, t.ok() ? h : null);
        }
        return dir;
    }

    static long closedAt(int number) {
        return CLOSED_MILLIS + (number - 1) * 60_000L;
    }

    /** Good answers' response times as the driver hands them over: closed at {@code closedMillis}, opened in the warm-up. */
    private static Histogram histogram(long closedMillis) {
        Histogram h = new Histogram(3);
        h.recordValue(2_327_000);
        h.setStartTimeStamp(closedMillis - 20_000);
        h.setEndTimeStamp(closedMillis);
        return h;
    }

    private static TrialResult withLog(TrialResult t, Histogram h) {
        String log = ResultStore.histogramLogName(t.identity().number(), t.identity().variant(), t.identity().benchmark(), h);
        return new TrialResult(t.identity(), t.outcome(), t.warmUp(), t.window(),
                new Latencies(t.latencies().latency(), t.latencies().failedLatency(), log), t.delivery(), t.completion(), t.judged(),
                t.server(), t.requests());
    }
}
