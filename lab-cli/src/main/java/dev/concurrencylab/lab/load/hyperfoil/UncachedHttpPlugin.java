package dev.concurrencylab.lab.load.hyperfoil;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.Scenario;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.core.api.Plugin;
import io.hyperfoil.http.HttpRunData;
import io.hyperfoil.http.api.HttpCache;
import io.hyperfoil.http.api.HttpRequest;
import io.hyperfoil.http.api.HttpRequestWriter;
import io.hyperfoil.http.config.HttpPlugin;
import io.netty.channel.EventLoop;
import java.time.Clock;
import java.util.ServiceLoader;

/**
 * Hyperfoil's HTTP plugin without its browser-cache emulation: every request goes to the server,
 * and no answer's {@code Date}, {@code Cache-Control} or {@code ETag} is parsed. A benchmark measures
 * the server, so an answer served from the driver's cache would be a fake one. The emulation, and the
 * {@code Cache-Control: no-store} every request carried to keep it from answering, cost the driver
 * a tenth of its CPU per request (docs/methodology.md). Hyperfoil 0.27 has a switch for this
 * ({@code useHttpCache}); 0.25.2 declares the cache for every session, so this plugin declares a
 * cache that does nothing first (a session keeps the first resource declared under a key).
 * Registered in {@code META-INF/services}, ahead of Hyperfoil's own on the lab's class path.
 */
public final class UncachedHttpPlugin extends HttpPlugin {

    /**
     * Hyperfoil takes the first plugin for its configuration that the service loader lists; with
     * another class path order its own would answer repeated requests from its cache in the
     * server's place, so a run stops instead.
     */
    static void requireFirst() {
        Class<?> first = ServiceLoader.load(Plugin.class).stream().map(ServiceLoader.Provider::type)
                .filter(HttpPlugin.class::isAssignableFrom).findFirst().orElse(null);
        if (first != UncachedHttpPlugin.class) {
            throw new IllegalStateException("Hyperfoil's HTTP plugin is " + (first == null ? "missing" : first.getName())
                    + ", not the lab's " + UncachedHttpPlugin.class.getSimpleName() + ": put lab-cli's classes first on the class path");
        }
    }

    @Override
    public HttpRunData createRunData(Benchmark benchmark, EventLoop[] executors, int agentId) {
        return new HttpRunData(benchmark, executors, agentId) {
            @Override
            public void initSession(Session session, int executorId, Scenario scenario, Clock clock) {
                session.declareSingletonResource(HttpCache.KEY, NoCache.INSTANCE);
                super.initSession(session, executorId, scenario, clock);
            }
        };
    }

    /** Stores nothing, so it holds no state and one serves every session. */
    private enum NoCache implements HttpCache {
        INSTANCE;

        @Override
        public void beforeRequestHeaders(HttpRequest request) {
        }

        @Override
        public void requestHeader(HttpRequest request, CharSequence header, CharSequence value) {
        }

        @Override
        public boolean isCached(HttpRequest request, HttpRequestWriter writer) {
            return false;
        }

        @Override
        public void responseHeader(HttpRequest request, CharSequence header, CharSequence value) {
        }

        @Override
        public void tryStore(HttpRequest request) {
        }

        @Override
        public void invalidate(CharSequence authority, CharSequence path) {
        }

        @Override
        public int size() {
            return 0;
        }

        @Override
        public void clear() {
        }
    }
}
