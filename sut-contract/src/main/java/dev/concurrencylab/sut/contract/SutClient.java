package dev.concurrencylab.sut.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contract's side of the wire: requests to the app under test, and its {@code /async/stats}
 * polled until the work it handed off has ended, since async work finishes after its answer.
 */
final class SutClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration COMPLETION_WAIT = Duration.ofSeconds(60);

    /**
     * HTTP/1.1, as the lab's load engine speaks it: the JDK client's default (HTTP/2) would ask every new
     * connection to upgrade to cleartext HTTP/2, a path no measurement takes.
     */
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    /** Read at each request: Spring injects the random port only after the test instance is built. */
    private final IntSupplier port;

    SutClient(IntSupplier port) {
        this.port = port;
    }

    HttpResponse<String> get(String path) {
        return send(request(path).GET().build());
    }

    HttpResponse<String> post(String path, String jsonBody) {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(jsonBody)).build());
    }

    /** A bodiless POST sent without waiting for its answer, so many can be in flight at once. */
    CompletableFuture<HttpResponse<String>> postAsync(String path) {
        return http.sendAsync(request(path).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).contains("json"));
        return JSON.readTree(response.body());
    }

    JsonNode stats(String strategy) {
        return json(get("/async/stats")).get(strategy);
    }

    /** Waits until every item handed off earlier is completed or failed. */
    JsonNode awaitIdle(String strategy) {
        long deadline = System.nanoTime() + COMPLETION_WAIT.toNanos();
        JsonNode stats = stats(strategy);
        while (stats.get("handedOff").asLong() > stats.get("completed").asLong() + stats.get("failed").asLong()
                && System.nanoTime() < deadline) {
            sleep(50);
            stats = stats(strategy);
        }
        return stats;
    }

    JsonNode awaitCompleted(String strategy, long completed) {
        long deadline = System.nanoTime() + COMPLETION_WAIT.toNanos();
        JsonNode stats = stats(strategy);
        while (stats.get("completed").asLong() < completed && System.nanoTime() < deadline) {
            sleep(100);
            stats = stats(strategy);
        }
        assertThat(stats.get("completed").asLong()).as("%s completed items: %s", strategy, stats).isEqualTo(completed);
        return stats;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port.getAsInt() + path)).timeout(Duration.ofSeconds(30));
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
