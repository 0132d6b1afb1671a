package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A paired benchmark runs as a user runs it: one block of live servers, cycles of slices, against real servers. */
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

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void everyLiveServerGetsOneSliceACycleInARecordedOrderAndTheReportHasAnAaLine() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, SUITE)) {
            lab.awaitExit();
            assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isZero();
            List<JsonNode> slices = lab.records();
            assertThat(slices).hasSize(9).allMatch(s -> s.path("status").asText().equals("ok"));
            Map<Integer, List<JsonNode>> byCycle = slices.stream().collect(Collectors.groupingBy(s -> s.path("slice").path("cycle").asInt(),
                    TreeMap::new, Collectors.toList()));
            assertThat(byCycle.keySet()).containsExactly(1, 2, 3);
            byCycle.forEach((cycle, of) -> {
                assertThat(of).extracting(PairedRunTest::server).as("cycle %d", cycle)
                        .containsExactlyInAnyOrder("mvc-platform#1", "webflux#1", "mvc-platform#2");
                assertThat(of).extracting(s -> s.path("slice").path("position").asInt()).as("in the order they ran")
                        .containsExactly(1, 2, 3);
            });
            assertThat(slices).extracting(s -> s.path("slice").path("block").asInt()).containsOnly(1);
            assertThat(slices).allSatisfy(s -> {
                // the block's warm-up (1 s, then a throwaway 1 s window) is on each server's first slice, beside its 1 s settle
                double warmed = s.path("warmupSeconds").asDouble();
                if (s.path("slice").path("cycle").asInt() == 1) {
                    assertThat(warmed).as("%s in cycle 1", server(s)).isGreaterThanOrEqualTo(2.5);
                    assertThat(s.has("startupMs")).as("%s's start-up on its first slice", server(s)).isTrue();
                } else {
                    assertThat(warmed).as("%s's settle alone", server(s)).isLessThan(2.0);
                    assertThat(s.has("startupMs")).isFalse();
                }
            });
            assertThat(lab.logs("block-")).containsExactly("block-01-mvc-platform-aa.log", "block-01-mvc-platform.log", "block-01-webflux.log");
            assertThat(lab.log()).contains("paired (hello): 1 block(s), each 3 servers alive together");
            assertThat(lab.out.resolve("report.md")).content()
                    // what the lines say depends on the machine (concurrent tests flag slices noisy): that they are there does not
                    .contains("- mvc-platform vs mvc-platform (A/A) — ")
                    .contains("- webflux — ")
                    .contains("paired design: each launch's level is read against the other launches' in the same cycles");
        }
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
            assertThat(slices.stream().filter(s -> server(s).equals("mvc-platform#2"))).as("the others go on to the last cycle")
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

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void aCountedJobIsEachServersWholeSliceAndEachServerWorksOnlyWhatItHandedOffThroughTheSharedBrokers() throws Exception {
        StringBuilder suite = new StringBuilder("""
                name: paired-counted
                variants: [mvc-platform, webflux]
                trials: {quick: 1}
                cycles: 2
                warmup: 1s
                # E2's N × C job: each slice is the whole job; the three servers share each broker, and a server
                # that consumed another's items would count work it never handed off, or miss its own
                benchmarks:
                """);
        for (String broker : List.of("rabbitmq", "kafka", "redis")) {
            suite.append("""
                      - name: %s
                        workload: async-handoff
                        params: {strategy: %s, work-ms: "20"}
                        services: [%s]
                        design: paired
                        load: {model: count-x-concurrency, count: 20, concurrency: 2}
                    """.formatted(broker, broker, broker));
        }
        try (ChildLab lab = ChildLab.run(tmp, suite.toString())) {
            lab.awaitExit();
            assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isZero();
            assertThat(lab.records()).hasSize(3 * 3 * 2).allSatisfy(s -> {
                String which = s.path("benchmark").asText() + " on " + server(s);
                assertThat(s.path("status").asText()).as(which).isEqualTo("ok");
                assertThat(s.path("count").asLong()).as("the job's answers, %s", which).isEqualTo(20);
                assertThat(s.findValue("handedOff").asLong()).as("the job's hand-offs, the settle's passed over, %s", which).isEqualTo(20);
                assertThat(s.findValue("completed").asLong()).as("worked by the server that handed them off, %s", which).isEqualTo(20);
            });
            assertThat(lab.log()).contains("1 s settle + the counted job measured");
            assertThat(lab.records().stream().filter(s -> s.has("startupMs"))).as("each launch's start-up once, on its block's first benchmark")
                    .hasSize(3).allSatisfy(s -> assertThat(s.path("slice").path("cycle").asInt()).isEqualTo(1))
                    .extracting(s -> s.path("benchmark").asText()).containsOnly(lab.records().stream()
                            .filter(s -> s.path("slice").path("cycle").asInt() == 1).findFirst().orElseThrow().path("benchmark").asText());
        }
    }

    private static String server(JsonNode slice) {
        return slice.path("variant").asText() + "#" + slice.path("slice").path("copy").asInt();
    }
}
