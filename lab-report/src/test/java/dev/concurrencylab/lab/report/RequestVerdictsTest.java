package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mix is compared request by request as well as in total: the whole can hide a request that got
 * slower behind one that got faster, which is the question a team with a mix brings.
 */
class RequestVerdictsTest {

    @TempDir
    Path tmp;

    @Test
    void eachRequestOfAMixGetsItsOwnVerdictBesideTheWholes() throws IOException {
        List<String> trials = new ArrayList<>();
        double[] jitter = {0.98, 1.0, 1.02};
        int number = 1;
        for (int i = 0; i < 3; i++) {
            // find: the same on both; create: twice the p99 on virtual threads, which the whole's p99 (the same) hides.
            trials.add(trial(number++, "platform", jitter[i], 20, 200));
            trials.add(trial(number++, "virtual", jitter[i], 20, 400));
        }
        Path dir = ResultsDirectory.write(tmp, "own-app", List.of("platform", "virtual"), trials.toArray(String[]::new));

        Report.render(dir);
        String md = Files.readString(dir.resolve("report.md"));

        assertThat(md).containsPattern("virtual — throughput: the same as platform.*p99: the same as platform")
                .contains("virtual — request find: throughput: the same as platform within ±5 %")
                .contains("virtual — request create: throughput: the same as platform within ±5 %")
                .containsPattern("virtual — request find: .*p99: the same as platform")
                .containsPattern("virtual — request create: .*p99: 2\\.0× higher p99 than platform");
    }

    @Test
    void aTrialOfOneRequestHasNoRequestVerdicts() throws IOException {
        String one = trial(1, "platform", 1, 20, 200).replaceAll("(?s),\\s*\"requests\": \\[.*]", "");
        Path dir = ResultsDirectory.write(tmp, "own-app", List.of("platform", "virtual"), one, one.replace("platform", "virtual")
                .replace("\"number\": 1", "\"number\": 2"));

        Report.render(dir);

        assertThat(Files.readString(dir.resolve("report.md"))).doesNotContain("— request ");
    }

    /** 1,000 answers a second, 800 of request find and 200 of create, with their own p99s. */
    private static String trial(int number, String variant, double jitter, double findP99, double createP99) {
        return """
                {"number": %d, "variant": "%s", "benchmark": "mix", "workload": "owners", "repetition": %d,
                 "status": "ok", "windowSeconds": 1.0, "sent": 1000, "count": 1000, "throughput": %s,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 5, "p99Ms": %s, "meanMs": 6}, "flags": [], "series": [],
                 "requests": [%s, %s]}
                """.formatted(number, variant, number, 1000 * jitter, 150 * jitter,
                request("find", 80, 800 * jitter, findP99 * jitter), request("create", 20, 200 * jitter, createP99 * jitter));
    }

    private static String request(String name, int weight, double throughput, double p99) {
        return """
                {"name": "%s", "weight": %d, "sent": %d, "sharePercent": %d, "count": %d, "answered": %d, "throughput": %s,
                 "errors": {}, "errorRate": 0.0, "latency": {"p50Ms": 4, "p99Ms": %s, "meanMs": 5}}""".formatted(name, weight,
                Math.round(throughput), weight, Math.round(throughput), Math.round(throughput), throughput, p99);
    }
}
