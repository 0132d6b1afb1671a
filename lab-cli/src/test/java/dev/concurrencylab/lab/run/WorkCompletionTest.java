package dev.concurrencylab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.concurrencylab.lab.result.Completion;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A server too busy to answer /async/stats after its window leaves its work unknown; the trial is not failed for it. */
class WorkCompletionTest {

    @Test
    @Timeout(value = 1, unit = TimeUnit.MINUTES)
    void aServerThatNeverAnswersTheStatsReadLeavesItsWorkUnknownRatherThanFailingTheTrial() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        HttpServer busy = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        busy.createContext("/async/stats", exchange -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        busy.start();
        try {
            URI server = URI.create("http://127.0.0.1:" + busy.getAddress().getPort());

            Completion completion = new WorkCompletion(Duration.ofSeconds(1)).await(server, "kafka");

            assertThat(completion.known()).isFalse();
            assertThat(completion.complete()).isFalse();
            assertThat(completion.unread()).contains("timed out");
            assertThat(completion.waitedSeconds()).isGreaterThanOrEqualTo(1);
        } finally {
            release.countDown();
            busy.stop(0);
        }
    }
}
