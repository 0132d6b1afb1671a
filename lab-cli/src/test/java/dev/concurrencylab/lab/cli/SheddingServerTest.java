package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.concurrencylab.lab.result.ResultStore;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A server that sheds a third of its load as fast 503s, against one that answers everything, both
 * taking 20 ms for a good answer. The 503s must be errors, never speed: out of goodput and latency,
 * no latency verdict, and a crossed error-rate threshold makes the run exit 3.
 */
@Execution(ExecutionMode.CONCURRENT)
class SheddingServerTest {

    private static final long GOOD_ANSWER_MS = 20;

    @TempDir
    static Path tmp;
    private static HttpServer steady;
    private static HttpServer shedding;
    private static ChildLab lab;

    @BeforeAll
    static void runAgainstBoth() throws Exception {
        steady = server(false);
        shedding = server(true);
        lab = ChildLab.run(tmp, """
                name: shedding
                variants:
                  - {name: steady, url: "http://127.0.0.1:%d"}
                  - {name: shedding, url: "http://127.0.0.1:%d"}
                trials: 2
                warmup: 1s
                thresholds: [error-rate < 1%%]
                benchmarks:
                  - workload: hello
                    load: {model: open-rate, rate: 90, duration: 4s}
                """.formatted(steady.getAddress().getPort(), shedding.getAddress().getPort()));
        lab.awaitExit();
    }

    @AfterAll
    static void stop() {
        lab.close();
        steady.stop(0);
        shedding.stop(0);
    }

    @Test
    void theCrossedErrorRateThresholdMakesTheRunExitThree() throws Exception {
        assertThat(lab.process.exitValue()).as("its output: %s", lab.log()).isEqualTo(3);
        assertThat(lab.log()).contains("threshold crossed: error-rate < 1% on shedding");
        JsonNode run = ResultStore.JSON.readTree(lab.out.resolve("run.json").toFile());
        assertThat(run.path("thresholdOutcomes").findValuesAsText("variant")).contains("steady", "shedding");
        for (JsonNode t : run.path("thresholdOutcomes")) {
            assertThat(t.path("met").asBoolean()).as("%s", t).isEqualTo(t.path("variant").asText().equals("steady"));
        }
    }

    @Test
    void fastFailuresAreErrorsOutsideGoodputAndLatency() throws Exception {
        for (Path file : lab.trials()) {
            JsonNode t = ResultStore.JSON.readTree(file.toFile());
            if (!t.path("variant").asText().equals("shedding")) {
                continue;
            }
            long answered = t.path("answered").asLong();
            long good = t.path("count").asLong();
            long status = t.path("errors").path("status").asLong();
            assertThat(answered).isEqualTo(good + status);
            assertThat((double) status / answered).as("a third shed: %s", t).isBetween(0.30, 0.37);
            assertThat(t.path("errorRate").asDouble()).isBetween(0.30, 0.37);
            assertThat(t.path("throughput").asDouble()).isCloseTo(good / t.path("windowSeconds").asDouble(),
                    org.assertj.core.data.Offset.offset(0.5));
            assertThat(t.path("latency").path("minMs").asDouble()).as("only good answers in latency").isGreaterThanOrEqualTo(GOOD_ANSWER_MS);
            // against the good answers of the same trial, not a fixed 20 ms: a busy machine slows both alike
            assertThat(t.path("failedLatency").path("p50Ms").asDouble()).as("the 503s were fast")
                    .isLessThan(t.path("latency").path("p50Ms").asDouble());
            assertThat(t.path("flags").toString()).contains("errors", "failed-checks");
            assertThat(t.path("checks").get(0).path("name").asText()).isEqualTo("status is 200");
            assertThat(t.path("checks").get(0).path("fails").asLong()).isEqualTo(status);
        }
    }

    @Test
    void theReportGivesNoLatencyVerdictToTheSheddingVariant() throws Exception {
        String md = Files.readString(lab.out.resolve("report.md"));
        assertThat(md).containsPattern("shedding — fails more than steady: 3[0-9]\\.?[0-9]* % of requests failed .*; latency and throughput are not compared");
        assertThat(md).contains("✗ status is 200", "✗ crossed (met in 0 of 2 trials)");
    }

    /** Good answers take 20 ms; a shedding server answers every third request at once with 503. */
    private static HttpServer server(boolean sheds) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        AtomicLong requests = new AtomicLong();
        http.createContext("/hello", ex -> {
            if (sheds && requests.incrementAndGet() % 3 == 0) {
                answer(ex, 503, "busy");
                return;
            }
            try {
                Thread.sleep(GOOD_ANSWER_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answer(ex, 200, "Hello, World!");
        });
        http.start();
        return http;
    }

    private static void answer(HttpExchange ex, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, body.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
        }
    }
}
