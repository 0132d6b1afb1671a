package dev.concurrencylab.lab.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.concurrencylab.lab.result.Completion;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** How the lab reads and restarts the app's work counters around a window. */
@Execution(ExecutionMode.CONCURRENT)
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

    @Test
    @Timeout(value = 1, unit = TimeUnit.MINUTES)
    void theWarmUpRehearsesTheResetAndNoRehearsalLandsAfterTheWindowsOwn() throws Exception {
        // Each reset held 400 ms, on a server that handles requests side by side: a rehearsal's reset is in flight when the window's is sent.
        List<long[]> handled = new CopyOnWriteArrayList<>();
        AtomicInteger started = new AtomicInteger();
        HttpServer slow = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        slow.setExecutor(Executors.newFixedThreadPool(4));
        slow.createContext("/async/stats", exchange -> {
            long start = System.nanoTime();
            started.incrementAndGet();
            try {
                Thread.sleep(400);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // Recorded before the answer, so a client that waited for it starts its next request after this end.
            handled.add(new long[] {start, System.nanoTime()});
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        slow.start();
        try {
            URI server = URI.create("http://127.0.0.1:" + slow.getAddress().getPort());
            WorkCompletion work = new WorkCompletion();

            work.rehearse(server);
            // The window opens while the second rehearsal is being answered.
            while (started.get() < 2 || handled.size() == started.get()) {
                Thread.sleep(10);
            }
            work.reset(server);
            int atReset = handled.size();
            Thread.sleep(1_500);

            assertThat(atReset).as("rehearsals, then the window's reset").isGreaterThanOrEqualTo(3);
            assertThat(handled).as("nothing after the window's reset").hasSize(atReset);
            long[] windows = handled.getLast();
            assertThat(handled.subList(0, atReset - 1)).allSatisfy(r -> assertThat(r[1]).isLessThanOrEqualTo(windows[0]));
        } finally {
            slow.stop(0);
        }
    }
}
