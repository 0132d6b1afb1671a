package dev.concurrencylab.lab.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.result.ResultStore;
import dev.concurrencylab.lab.result.TrialResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenMetrics export read back by a standard parser, Prometheus' own Python client
 * ({@code prometheus_client.openmetrics.parser}, Debian's python3-prometheus-client, which
 * {@code bin/install-system-packages --tests} installs): the format is what Prometheus tools read, and
 * the trial files' figures are in it at the trials' own times.
 */
class OpenMetricsExportTest {

    /** Prints every sample the parser read as one JSON line; fails as the parser does on a malformed export. */
    private static final String PARSE = """
            import json, sys
            from prometheus_client.openmetrics.parser import text_string_to_metric_families
            for family in text_string_to_metric_families(open(sys.argv[1], encoding='utf-8').read()):
                for s in family.samples:
                    ts = s.timestamp
                    ts = ts.sec + ts.nsec / 1e9 if hasattr(ts, 'sec') else ts
                    print(json.dumps({'type': family.type, 'name': s.name, 'labels': s.labels, 'value': s.value, 'ts': ts}))
            """;

    @TempDir
    Path tmp;

    private TrialResult mixed;
    private TrialResult plain;
    private List<JsonNode> samples;

    @BeforeEach
    void exportAndParse() throws Exception {
        mixed = ExportedRun.trial(1, "mvc-platform", true);
        plain = ExportedRun.trial(2, "mvc-virtual", false);
        Path dir = ExportedRun.write(tmp, mixed, plain, ExportedRun.failed(3, "webflux"));
        samples = parse(Export.OPENMETRICS.write(dir, tmp.resolve("exports")));
    }

    @Test
    void eachTrialsSummaryFiguresAreThereAsItsFileHasThem() {
        assertThat(value("lab_trial_throughput", "1", null)).isEqualTo(mixed.window().throughput());
        assertThat(value("lab_trial_sent", "2", null)).isEqualTo(plain.window().sent());
        assertThat(value("lab_trial_good", "1", null)).isEqualTo(mixed.window().count());
        assertThat(value("lab_trial_latency_seconds", "1", null, "quantile", "0.95")).isCloseTo(mixed.latencies().latency().p95Ms() / 1000, within(1e-12));
        assertThat(value("lab_trial_latency_seconds", "2", null, "quantile", "1")).isCloseTo(plain.latencies().latency().maxMs() / 1000, within(1e-12));
        mixed.window().errors().forEach((kind, n) -> assertThat(value("lab_trial_errors", "1", null, "class", kind)).isEqualTo(n.doubleValue()));
        assertThat(value("lab_trial_check_passes", "2", null, "check", "body contains \"id\"")).isEqualTo(900);
        assertThat(value("lab_trial_threshold_actual", "1", null, "threshold", "throughput > 200")).isEqualTo(150.009);
        assertThat(value("lab_trial_threshold_met", "1", null, "threshold", "throughput > 200")).isZero();
        assertThat(value("lab_trial_ok", "3", null)).as("the failed trial is there, as failed").isZero();
    }

    @Test
    void aMixsRequestsCarryTheirOwnFiguresUnderARequestLabel() {
        assertThat(value("lab_trial_good", "1", "owners")).isEqualTo(mixed.request("owners").count());
        assertThat(value("lab_trial_throughput", "1", "new-owner")).isEqualTo(mixed.request("new-owner").throughput());
        assertThat(value("lab_trial_errors", "1", "owners", "class", "status")).isEqualTo(2);
        assertThat(value("lab_trial_latency_seconds", "1", "owners", "quantile", "0.99")).isCloseTo(0.0041, within(1e-12));
        assertThat(samples).as("a trial of one request has no request label")
                .noneMatch(s -> s.get("labels").path("trial").asText().equals("2") && s.get("labels").has("request"));
    }

    @Test
    void theSecondsAreTheWindowsOwnAtTheTimesTheHistogramLogRecorded() {
        // the log closed after the window's last answer (waitSeconds later); the window began windowSeconds before that
        long windowStart = Math.round((ExportedRun.closedAt(1) - mixed.window().waitSeconds() * 1000 - mixed.window().windowSeconds() * 1000)
                / 1000.0);
        List<JsonNode> sent = series("lab_second_sent", "1");
        List<SecondStats> recorded = mixed.window().series();
        assertThat(sent).hasSize(recorded.size());
        for (int i = 0; i < recorded.size(); i++) {
            assertThat(sent.get(i).get("value").asLong()).isEqualTo(recorded.get(i).sent());
            assertThat(sent.get(i).get("ts").asDouble()).isEqualTo(windowStart + i + 1);
        }
        assertThat(series("lab_second_sent", "2").getFirst().get("ts").asDouble()).as("trial 2's a minute later").isEqualTo(windowStart + 61);
        assertThat(series("lab_trial_ok", "3").getFirst().get("ts")).as("a trial without a log at the end of the one before it")
                .isEqualTo(series("lab_trial_ok", "2").getFirst().get("ts"));
        assertThat(series("lab_second_resource", "1")).anyMatch(s -> s.get("labels").path("figure").asText().equals("sut.cpu.percent"));
        assertThat(samples).allMatch(s -> s.get("type").asText().equals("gauge") && s.get("labels").path("suite").asText().equals("own-app"));
    }

    private double value(String name, String trial, String request, String... more) {
        List<JsonNode> found = samples.stream().filter(s -> s.get("name").asText().equals(name) && matches(s.get("labels"), trial, request, more))
                .toList();
        assertThat(found).as("%s of trial %s, request %s, %s", name, trial, request, List.of(more)).hasSize(1);
        return found.getFirst().get("value").asDouble();
    }

    private List<JsonNode> series(String name, String trial) {
        return samples.stream().filter(s -> s.get("name").asText().equals(name) && s.get("labels").path("trial").asText().equals(trial)).toList();
    }

    private static boolean matches(JsonNode labels, String trial, String request, String... more) {
        boolean ok = labels.path("trial").asText().equals(trial) && (request == null ? !labels.has("request") : labels.path("request").asText().equals(request));
        for (int i = 0; i < more.length; i += 2) {
            ok &= labels.path(more[i]).asText().equals(more[i + 1]);
        }
        return ok;
    }

    /** Debian's python3 when there is one: the package of the parser installs for it, whatever else is on PATH. */
    private static List<JsonNode> parse(Path export) throws IOException, InterruptedException {
        String python = Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : onPath("python3");
        Assumptions.assumeTrue(python != null, "python3 is absent: the export cannot be read by Prometheus' Python parser here");
        Path script = Files.writeString(export.resolveSibling("parse.py"), PARSE);
        Process p = new ProcessBuilder(python, script.toString(), export.toString()).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("the parser read the export (install Debian's python3-prometheus-client: "
                + "bin/install-system-packages --tests); it said: %s", err).isZero();
        List<JsonNode> parsed = new ArrayList<>();
        for (String line : out.lines().toList()) {
            parsed.add(ResultStore.JSON.readTree(line));
        }
        return parsed;
    }

    private static String onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return Path.of(dir, command).toString();
            }
        }
        return null;
    }
}
