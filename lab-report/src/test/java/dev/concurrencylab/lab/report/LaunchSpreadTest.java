package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.CostPerRequest;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.ServerUse;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialOutcome;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.TrialStatus;
import dev.concurrencylab.lab.result.Trials;
import dev.concurrencylab.lab.result.WindowCounts;
import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.usage.ResourceSample;
import dev.concurrencylab.lab.usage.ResourceSummary;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Why two launches of one variant differ, said from their own figures. */
class LaunchSpreadTest {

    @Test
    void twoLaunchesOverFifteenPercentApartAreExplainedByWhatDifferedBetweenThem() {
        WindowShape slowdown = new WindowShape("answers per second", WindowShape.Shape.SLOWDOWN,
                List.of(new WindowShape.Segment(0, 3, 49_627), new WindowShape.Segment(3, 6, 37_777)));
        RunResults results = run(trial(1, 43_730, 22.6, slowdown), trial(2, 53_112, 18.5, null));

        List<String> lines = LaunchSpread.lines(List.of("webflux"), results, "hello");

        assertThat(lines).containsExactly("webflux — launch to launch: trials 1 and 2 are 21.5 % apart (43,730 and 53,112 req/s); "
                + "in trial 1, its window was a slowdown (answers per second went 49,627 in s 0–3 → 37,777 in s 3–6); "
                + "its server spent 22.6 CPU-ms per 1,000 answers against 18.5");
    }

    @Test
    void launchesWithinFifteenPercentNeedNoExplaining() {
        assertThat(LaunchSpread.lines(List.of("webflux"), run(trial(1, 45_000, 20, null), trial(2, 50_000, 20, null)), "hello")).isEmpty();
    }

    @Test
    void aDifferenceNothingMeasuredExplainsIsSaidAsSuch() {
        List<String> lines = LaunchSpread.lines(List.of("webflux"), run(trial(1, 40_000, 20, null), trial(2, 50_000, 20, null)), "hello");

        assertThat(lines).singleElement().asString().endsWith(": nothing else the lab measured differs "
                + "(window shape, CPU per answer, the server's CPU, other processes, the host's steal, GC, driver stalls, warm-up)");
    }

    @Test
    void aSlowLaunchOnAMachineTheHostTookMoreOfSaysSoWithTheServersCpusShare() {
        TrialResult slow = trial(1, 3_584, Map.of(ResourceSample.STEAL, 22.4, ResourceSample.SUT_STEAL, 4.18));
        TrialResult fast = trial(2, 4_552, Map.of(ResourceSample.STEAL, 3.64, ResourceSample.SUT_STEAL, 0.7));

        assertThat(LaunchSpread.lines(List.of("webflux"), run(slow, fast), "hello")).singleElement().asString()
                .endsWith("; in trial 1, the host took 22.4 % of a core from the machine against 3.64 % (steal; 4.18 and 0.700 % of it on the server's CPUs)");
    }

    @Test
    void aRecordWithoutTheServersOwnStealNamesTheMachinesAndAFewPointsAreNoCause() {
        TrialResult slow = trial(1, 3_167, Map.of(ResourceSample.STEAL, 32.7));
        TrialResult fast = trial(2, 3_873, Map.of(ResourceSample.STEAL, 1.0));
        TrialResult near = trial(2, 3_873, Map.of(ResourceSample.STEAL, 28.0));

        assertThat(LaunchSpread.lines(List.of("webflux"), run(slow, fast), "hello")).singleElement().asString()
                .endsWith("; in trial 1, the host took 32.7 % of a core from the machine against 1 % (steal)");
        assertThat(LaunchSpread.lines(List.of("webflux"), run(slow, near), "hello")).singleElement().asString()
                .contains(": nothing else the lab measured differs");
    }


    private static RunResults run(TrialResult... trials) {
        return new RunResults(Path.of("."), null, List.of(trials));
    }

    private static TrialResult trial(int repetition, double throughput, double cpuMsPer1k, WindowShape shape) {
        return trial(repetition, throughput, cpuMsPer1k, shape, null);
    }

    /** A trial with 110 CPU-ms per 1,000 answers and these resource averages. */
    static TrialResult trial(int repetition, double throughput, Map<String, Double> averages) {
        Map<String, ResourceSummary.Stat> figures = new LinkedHashMap<>();
        averages.forEach((k, v) -> figures.put(k, new ResourceSummary.Stat(v, v)));
        return trial(repetition, throughput, 110, null, new ResourceSummary(10, 10, figures, null, 0, 25, 100, List.of(), Map.of()));
    }

    private static TrialResult trial(int repetition, double throughput, double cpuMsPer1k, WindowShape shape, ResourceSummary summary) {
        WindowCounts w = Trials.window(throughput, Map.of(), 0);
        return TrialResult.of(new TrialIdentity(repetition, "webflux", "hello", null, repetition, null, null))
                .outcome(new TrialOutcome(TrialStatus.OK, null, List.of(), Map.of(), null))
                .window(new WindowCounts(w.windowSeconds(), null, w.sent(), w.count(), w.answered(), throughput, w.errors(), 0, 0, 0,
                        List.of(), shape, null))
                .server(new ServerUse(List.of(), summary, new CostPerRequest(cpuMsPer1k, 0.0, 0.0, 0.0, Map.of()), null))
                .build();
    }
}
