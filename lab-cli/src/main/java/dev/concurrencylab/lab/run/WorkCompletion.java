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

/**
 * Reads the app's {@code /async/stats} so an asynchronous strategy is judged by the work it finished,
 * not by how fast it said "accepted" (E2's blind spot).
 */
final class WorkCompletion {

    /** Work that has made no progress for this long is taken as stuck: what is left is pending. */
    private static final Duration IDLE = Duration.ofSeconds(30);
    /** However it progresses, the lab waits no longer than this (E2's 1,000 jobs of 3 s on 10 consumers take 300 s). */
    private static final Duration MOST = Duration.ofMinutes(10);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    void reset(URI server) throws IOException, InterruptedException {
        http.send(HttpRequest.newBuilder(server.resolve("/async/stats")).DELETE().timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.discarding());
    }

    /**
     * Waits until every handed-off item completed or failed, while the work still moves: it stops
     * after {@link #IDLE} without a single item finishing (this window's or an older one still
     * queued ahead of it), or at {@link #MOST}.
     */
    Completion await(URI server, String strategy) throws IOException, InterruptedException {
        long start = System.nanoTime();
        long lastProgress = start;
        long finishedBefore = -1;
        while (true) {
            JsonNode stats = read(server).path(strategy);
            long handedOff = stats.path("handedOff").asLong();
            long completed = stats.path("completed").asLong();
            long failed = stats.path("failed").asLong();
            boolean complete = completed + failed >= handedOff;
            long now = System.nanoTime();
            // Older items still draining (a warm-up's, queued in a broker) are progress too: the window's wait behind them.
            long finished = completed + failed + stats.path("earlierFinished").asLong();
            if (finished > finishedBefore) {
                finishedBefore = finished;
                lastProgress = now;
            }
            double waited = (now - start) / 1e9;
            if (complete || now - lastProgress > IDLE.toNanos() || now - start > MOST.toNanos()) {
                return new Completion(strategy, handedOff, completed, failed, stats.path("latencyMeanMs").asDouble(),
                        stats.path("latencyP50Ms").asDouble(), stats.path("latencyP99Ms").asDouble(),
                        stats.path("latencyMaxMs").asDouble(), complete, Math.round(waited * 10) / 10.0);
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
