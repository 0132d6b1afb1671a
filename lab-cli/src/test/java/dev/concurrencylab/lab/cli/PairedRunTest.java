package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A paired benchmark runs as a user runs it: one block of live servers, cycles of slices, against real servers.
 * The tests that read a finished run share one (three server start-ups and four services cost a busy machine
 * minutes); those that break a run start their own.
 */
@Execution(ExecutionMode.CONCURRENT)
class PairedRunTest {

    /** One block (trials: 1) of three servers: mvc-platform, webflux and mvc-platform's second launch; three cycles. */
    private static final String SUITE = """
            name: paired
            variants: [mvc-platform, webflux]
            trials: {quick: 1}
            cycles: 3
            warmup: 1s
            benchmarks:
              # what is asserted is where and when each slice ran, not what it measured
              - {name: hello, workload: hello, design: paired, load: {model: max-rate, workers: 4, duration: 2s}}
            """;

    /**
     * The finished run the reading tests share: {@link #SUITE}'s block with two cycles, its timed /hello slices
     * followed by E2's N × C job through each broker. The three servers share each broker, and a server that
     * consumed another's items would count work it never handed off, or miss its own.
     */
    private static ChildLab finished;

    @TempDir
    Path tmp;

    @BeforeAll
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    static void runOneBlockOfTimedAndCountedSlices(@TempDir Path dir) throws Exception {
        String suite = SUITE.replace("cycles: 3", "cycles: 2") + ChildLab.handOffs(2, "design: paired", "rabbitmq", "kafka", "redis");
        finished = ChildLab.run(dir, suite);
        finished.awaitExit();
        assertThat(finished.process.exitValue()).as("its output: %s", finished.log()).isZero();
    }

    @AfterAll
    static void closeRun() {
        if (finished != null) {
            finished.close();
        }
    }

    @Test
    void everyLiveServerGetsOneSliceACycleInARecordedOrderAndTheReportHasAnAaLine() throws Exception {
        List<JsonNode> slices = finished.records().stream().filter(s -> s.path("benchmark").asText().equals("hello")).toList();
        assertThat(slices).hasSize(6).allMatch(s -> s.path("status").asText().equals("ok"));
        Map<Integer, List<JsonNode>> byCycle = slices.stream().collect(Collectors.groupingBy(s -> s.path("slice").path("cycle").asInt(),
                TreeMap::new, Collectors.toList()));
        assertThat(byCycle.keySet()).containsExactly(1, 2);
        byCycle.forEach((cycle, of) -> {
            assertThat(of).extracting(PairedRunTest::server).as("cycle %d", cycle)
                    .containsExactlyInAnyOrder("mvc-platform#1", "webflux#1", "mvc-platform#2");
            assertThat(of).extracting(s -> s.path("slice").path("position").asInt()).as("in the order they ran")
                    .containsExactly(1, 2, 3);
        });
        assertThat(finished.records()).extracting(s -> s.path("slice").path("block").asInt()).containsOnly(1);
        assertThat(slices).allSatisfy(s -> {
            // the block's warm-up (1 s, then a throwaway 1 s window) is on each server's first slice, beside its 1 s settle
            double warmed = s.path("warmupSeconds").asDouble();
            if (s.path("slice").path("cycle").asInt() == 1) {
                assertThat(warmed).as("%s in cycle 1", server(s)).isGreaterThanOrEqualTo(2.5);
            } else {
                assertThat(warmed).as("%s's settle alone", server(s)).isLessThan(2.0);
            }
        });
        assertThat(finished.records().stream().filter(s -> s.has("startupMs"))).as("each launch's start-up once, on its block's first benchmark")
                .hasSize(3).allSatisfy(s -> assertThat(s.path("slice").path("cycle").asInt()).isEqualTo(1))
                .extracting(s -> s.path("benchmark").asText()).containsOnly("hello");
        assertThat(finished.logs("block-")).containsExactly("block-01-mvc-platform-aa.log", "block-01-mvc-platform.log", "block-01-webflux.log");
        assertThat(finished.log()).contains("paired (hello, rabbitmq, kafka, redis): 1 block(s), each 3 servers alive together");
        assertThat(finished.out.resolve("report.md")).content()
                // what the lines say depends on the machine (concurrent tests flag slices noisy): that they are there does not
                .contains("- mvc-platform vs mvc-platform (A/A) — ")
                .contains("- webflux — ")
                .contains("paired design: each launch's level is read against the other launches' in the same cycles");
    }

    @Test
    void aCountedJobIsEachServersWholeSliceAndEachServerWorksOnlyWhatItHandedOffThroughTheSharedBrokers() throws Exception {
        List<JsonNode> counted = finished.records().stream().filter(s -> !s.path("benchmark").asText().equals("hello")).toList();
        assertThat(counted).hasSize(3 * 3 * 2).allSatisfy(s -> {
            String which = s.path("benchmark").asText() + " on " + server(s);
            assertThat(s.path("status").asText()).as(which).isEqualTo("ok");
            assertThat(s.path("count").asLong()).as("the job's answers, %s", which).isEqualTo(20);
            assertThat(s.findValue("handedOff").asLong()).as("the job's hand-offs, the settle's passed over, %s", which).isEqualTo(20);
            assertThat(s.findValue("completed").asLong()).as("worked by the server that handed them off, %s", which).isEqualTo(20);
        });
        assertThat(finished.log()).contains("1 s settle + 3 s measured or the counted job");
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aServerThatDiesMidBlockFailsItsLineAndTheOthersGoOn() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, SUITE)) {
            lab.awaitWhileRunning(() -> !lab.trials().isEmpty(), "first slice written");
            lab.process.descendants().filter(p -> p.info().commandLine().orElse("").contains("sut-webflux.jar")).findFirst().orElseThrow()
                    .destroyForcibly();
            lab.awaitExit();
            List<JsonNode> slices = lab.records();
            List<JsonNode> webflux = slices.stream().filter(s -> server(s).equals("webflux#1")).toList();
            assertThat(webflux).as("its slices end with the failed one: %s", lab.log()).last()
                    .satisfies(s -> assertThat(s.path("status").asText()).isEqualTo("failed"));
            assertThat(slices.stream().filter(s -> server(s).equals("mvc-platform#2"))).as("the others go on to the last cycle; its output: %s", lab.log())
                    .extracting(s -> s.path("slice").path("cycle").asInt()).contains(3);
            assertThat(lab.out.resolve("report.md")).content().contains("- webflux — failed: its server died in block 1");
        }
    }

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aLabKilledMidCycleLeavesNoServerOfItsBlockAlive() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, SUITE)) {
            lab.awaitWhileRunning(() -> !lab.trials().isEmpty(), "first slice written");
            List<ProcessHandle> children = lab.process.descendants().toList();
            assertThat(children.stream().filter(p -> p.info().commandLine().orElse("").contains("-jar"))).as("the block's three servers")
                    .hasSizeGreaterThanOrEqualTo(3);

            lab.process.destroyForcibly().waitFor();

            // a bound for a busy machine, not a speed: a server that outlived the lab would be there for good
            long killed = System.nanoTime();
            while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(30)) {
                Thread.sleep(50);
            }
            assertThat(children).as("no process the lab started is alive 30 s after kill -9").noneMatch(ProcessHandle::isAlive);
            assertThat(lab.records()).as("the finished slice is kept").isNotEmpty();
        }
    }

    private static String server(JsonNode slice) {
        return slice.path("variant").asText() + "#" + slice.path("slice").path("copy").asInt();
    }
}
