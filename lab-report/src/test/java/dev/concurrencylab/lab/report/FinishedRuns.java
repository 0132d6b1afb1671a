package dev.concurrencylab.lab.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.concurrencylab.lab.result.CostPerRequest;
import dev.concurrencylab.lab.result.Latencies;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.ServerUse;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.WarmUp;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Finished runs as the findings read them; shared with lab-cli's test of {@code ./lab findings}. */
final class FinishedRuns {

    private FinishedRuns() {
    }

    /**
     * A finished run of e0-posts in {@code tmp/name}: mvc-platform at 10,000 req/s and webflux at the
     * throughputs given, three trials each, mvc-platform's spending {@code baseCpuMsPer1k} of server CPU
     * per 1,000 answers (none recorded when null).
     */
    static Path e0Posts(Path tmp, String name, String started, Double baseCpuMsPer1k, double... webflux) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name).resolve("trials"));
        try (InputStream in = FinishedRuns.class.getResourceAsStream("/result/run-written-before-the-parts.json")) {
            ObjectNode run = (ObjectNode) ResultStore.JSON.readTree(in);
            run.put("suite", "e0-posts").put("scale", "standard").put("trialsPerVariant", 3).put("started", started)
                    .put("finished", java.time.Instant.parse(started).plusSeconds(720).toString())
                    .put("command", "./lab run e0-posts --scale standard --benchmarks posts").put("trialsPlanned", 6).put("trialsWritten", 6);
            run.remove("thresholdOutcomes");
            ResultStore.JSON.writeValue(tmp.resolve(name).resolve("run.json").toFile(), run);
        }
        double[] platform = {10_000, 10_050, 10_100};
        int number = 0;
        for (int i = 0; i < 3; i++) {
            write(dir, trial(++number, "mvc-platform", i + 1, platform[i], baseCpuMsPer1k));
            write(dir, trial(++number, "webflux", i + 1, webflux[i], null));
        }
        return tmp.resolve(name);
    }

    static TrialResult trial(int number, String variant, int repetition, double throughput, Double cpuMsPer1k) {
        return TrialResult.of(new TrialIdentity(number, variant, "posts", "posts", repetition, null, null))
                .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null))
                .warmUp(new WarmUp(4_000L, 20.0 + 10 * repetition, true))
                .window(Trials.window(throughput, Map.of(), 0))
                .latencies(new Latencies(Trials.latency(2, 10, 20), null, null))
                .server(cpuMsPer1k == null ? ServerUse.NONE
                        : new ServerUse(List.of(), null, new CostPerRequest(cpuMsPer1k, 0.0, 0.0, 0.0, Map.of()), null))
                .build();
    }

    static void write(Path dir, TrialResult trial) throws IOException {
        ResultStore.JSON.writeValue(dir.resolve(String.format("%03d-%s-posts.json", trial.identity().number(), trial.identity().variant())).toFile(),
                trial);
    }
}
