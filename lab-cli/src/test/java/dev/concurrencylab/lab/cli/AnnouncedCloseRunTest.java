package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A Spring app as a team brings it: Tomcat's default keep-alive limit answers every connection's
 * 100th request with {@code Connection: close}. The lab's own servers lift the limit; this one puts
 * one back (10, so that a busy machine's few answers meet as many closes). Those closes were counted
 * as resets (~1 % of a trial, over the error bar) and the server flagged overloaded.
 */
@Isolated
class AnnouncedCloseRunTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = ChildLab.TIMEOUT_MINUTES, unit = TimeUnit.MINUTES)
    void tomcatsKeepAliveLimitGivesNoErrorAndNoOverloadedInAClosedOrAnOpenModel() throws Exception {
        try (ChildLab lab = ChildLab.run(tmp, """
                name: keep-alive-limit
                variants:
                  # Tomcat's default limit is 100 requests a connection; at 10 a busy machine's few answers still meet many closes
                  - name: tomcat-keep-alive-limit
                    jar: sut-mvc/target/sut-mvc.jar
                    properties: {spring.profiles.active: mvc-platform, server.tomcat.max-keep-alive-requests: "10"}
                trials: {quick: 1}
                warmup: 3s
                benchmarks:
                  - {name: closed, workload: hello, load: {model: max-rate, workers: 32, duration: 5s}}
                  - {name: open, workload: hello, load: {model: open-rate, rate: 2000, duration: 5s}}
                """)) {
            lab.awaitExit();
            assertThat(lab.trials()).hasSize(2);
            for (Path file : lab.trials()) {
                JsonNode trial = ResultStore.JSON.readTree(file.toFile());
                String name = trial.path("benchmark").asText();

                assertThat(trial.path("status").asText()).as(name).isEqualTo("ok");
                // At 10 requests a connection, 200 answers are at least 20 announced closes: one counted as an error fails the
                // test. A quiet machine answers tens of thousands in the window; a busy one answered 1,248 (CI beside a loop of
                // the heavy classes and two other lab jobs), under the 2,000 that Tomcat's default of 100 needed for as many.
                assertThat(trial.path("answered").asLong()).as(name).isGreaterThan(200);
                trial.path("errors").properties().forEach(e -> assertThat(e.getValue().asLong()).as("%s %s", name, e.getKey()).isZero());
                assertThat(trial.path("flags").toString()).as(name).doesNotContain("errors");
                // A busy machine can leave Tomcat behind 2,000 req/s, overloaded by its sessions: the machine's doing, not the
                // closes'. Blamed on the closes, the reason would name connections the server closed or stopped accepting.
                assertThat(trial.path("reasons").path("overloaded").asText()).as(name).doesNotContain("closed").doesNotContain("accepting");
            }
        }
    }
}
