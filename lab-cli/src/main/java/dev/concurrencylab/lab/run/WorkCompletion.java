package dev.concurrencylab.lab.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.Completion;
import dev.concurrencylab.lab.result.ResultStore;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Reads the app's {@code /async/stats} so an asynchronous strategy is judged by the work it finished,
 * not by how fast it said "accepted" (E2's blind spot).
 */
final class WorkCompletion {

    /** Work that has made no progress for this long is taken as stuck: what is left is pending. */
    private static final Duration IDLE = Duration.ofSeconds(30);
    private final Duration idle;
    /** However it progresses, the lab waits no longer than this (E2's 1,000 jobs of 3 s on 10 consumers take 300 s). */
    private static final Duration MOST = Duration.ofMinutes(10);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Thread rehearsal;
    private final CountDownLatch rehearsed = new CountDownLatch(1);

    WorkCompletion() {
        this(IDLE);
    }

    /** @param idle how long work may make no progress before what is left counts as pending */
    WorkCompletion(Duration idle) {
        this.idle = idle;
    }

    /**
     * Restarts the app's counters as the window opens. Rehearsed once a second through the warm-up
     * ({@link #rehearse}): the reset is a request no workload sends (a {@code DELETE}), and a JVM
     * that first meets it as the window opens throws away the request path its warm-up compiled and
     * runs the window on what it rebuilds (measured: docs/methodology.md, "What does it").
     */
    void reset(URI server) throws IOException, InterruptedException {
        stopRehearsal();
        send(server);
    }

    /** Resets as the window will, once a second, until {@link #reset} or {@link #stopRehearsal}; what it resets is the warm-up's, never counted. */
    synchronized void rehearse(URI server) {
        if (rehearsal != null) {
            return;
        }
        rehearsal = Thread.ofPlatform().daemon().name("reset-rehearsal").start(() -> {
            try {
                do {
                    try {
                        send(server);
                    } catch (IOException e) {
                        // A warm-up's reset that failed changes nothing: the window's own reset is the one that counts.
                    }
                } while (!rehearsed.await(1, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Ends the rehearsal and waits for its last reset, so none lands after the window's. */
    void stopRehearsal() {
        Thread r;
        synchronized (this) {
            r = rehearsal;
        }
        rehearsed.countDown();
        if (r != null) {
            // Not interrupted: a reset already sent must be answered before the window's, or it could land after it.
            try {
                r.join();
            } catch (InterruptedException e) {
                // The trial is being stopped; the rehearsal ends by itself within its send's timeout.
                Thread.currentThread().interrupt();
            }
        }
    }

    private void send(URI server) throws IOException, InterruptedException {
        http.send(HttpRequest.newBuilder(server.resolve("/async/stats")).DELETE().timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.discarding());
    }

    /**
     * Waits until every handed-off item completed or failed, while the work still moves: it stops
     * after {@link #IDLE} (as a rule) without a single item finishing (this window's or an older one still
     * queued ahead of it), or at {@link #MOST}. A read the server does not answer in time is a poll
     * without progress, not the trial's end: a server still busy with its backlog is a result, and
     * the window it served was measured already.
     */
    Completion await(URI server, String strategy) throws InterruptedException {
        long start = System.nanoTime();
        long lastProgress = start;
        long finishedBefore = -1;
        JsonNode stats = null;
        String unanswered = null;
        while (true) {
            try {
                stats = read(server).path(strategy);
                unanswered = null;
                // Older items still draining (a warm-up's, queued in a broker) are progress too: the window's wait behind them.
                long finished = stats.path("completed").asLong() + stats.path("failed").asLong() + stats.path("earlierFinished").asLong();
                if (finished > finishedBefore) {
                    finishedBefore = finished;
                    lastProgress = System.nanoTime();
                }
            } catch (IOException e) {
                unanswered = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
            long now = System.nanoTime();
            double waited = Math.round((now - start) / 1e8) / 10.0;
            boolean complete = stats != null && stats.path("completed").asLong() + stats.path("failed").asLong() >= stats.path("handedOff").asLong();
            if (complete || now - lastProgress > idle.toNanos() || now - start > MOST.toNanos()) {
                if (stats == null) {
                    return Completion.unread(strategy, unanswered, waited);
                }
                return new Completion(strategy, stats.path("handedOff").asLong(), stats.path("completed").asLong(), stats.path("failed").asLong(),
                        stats.path("latencyMeanMs").asDouble(), stats.path("latencyP50Ms").asDouble(), stats.path("latencyP99Ms").asDouble(),
                        stats.path("latencyMaxMs").asDouble(), complete, waited, null);
            }
            Thread.sleep(250);
        }
    }

    private JsonNode read(URI server) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(server.resolve("/async/stats"))
                .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString());
        return ResultStore.JSON.readTree(response.body());
    }
}
