package dev.concurrencylab.lab.load.hyperfoil;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on loopback whose behaviour is known, for testing the driver: it counts requests
 * and the most it ever had in flight, and can fail in each way the driver must classify.
 */
public final class TestServer implements AutoCloseable {

    final AtomicInteger requests = new AtomicInteger();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    private final HttpServer http;
    private final ServerSocket resetting;
    private volatile CountDownLatch gate = new CountDownLatch(0);

    private final AtomicInteger scrapes = new AtomicInteger();
    private final Semaphore workers = new Semaphore(4);
    private final Semaphore bounded = new Semaphore(4, true);
    /** How long /bounded held each request once a worker took it, to its answer sent: the server's own side of a latency. */
    final org.HdrHistogram.Recorder held = new org.HdrHistogram.Recorder(3);
    /** When /bounded sent each answer (System.nanoTime of this JVM), in the order it sent them. */
    final java.util.Queue<Long> boundedAnswered = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private volatile long pausedUntilNanos;
    /** When the first request of each halve-after value came: each benchmark that halves has a clock of its own. */
    private final java.util.concurrent.ConcurrentHashMap<Long, Long> halvingStart = new java.util.concurrent.ConcurrentHashMap<>();

    public TestServer() throws IOException {
        this(0);
    }

    /** @param slowerMs added to every /delay answer: the same server, slower by a known amount */
    public TestServer(long slowerMs) throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 20_000);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/ok", ex -> counted(ex, () -> answer(ex, 200, "hello")));
        for (String sleeping : List.of("/sleep", "/delay")) {
            // /delay as the apps under test name it, so a suite's delay workload runs against this server.
            http.createContext(sleeping, ex -> counted(ex, () -> {
                // ?ms=N&halve-after=M: N ms until M ms past the first request with that M, then twice N (a closed load's throughput halves).
                java.util.Map<String, Long> query = java.util.Arrays.stream(ex.getRequestURI().getQuery().split("&"))
                        .map(p -> p.split("=", 2)).collect(java.util.stream.Collectors.toMap(p -> p[0], p -> Long.parseLong(p[1])));
                long ms = query.get("ms");
                if (query.containsKey("halve-after")) {
                    long first = halvingStart.computeIfAbsent(query.get("halve-after"), k -> System.nanoTime());
                    ms *= System.nanoTime() - first < TimeUnit.MILLISECONDS.toNanos(query.get("halve-after")) ? 1 : 2;
                }
                sleep(ms + slowerMs);
                answer(ex, 200, "hello");
            }));
        }
        http.createContext("/gate", ex -> counted(ex, () -> {
            // Holds every request until the gate opens, so requests sent together are seen together.
            try {
                gate.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answer(ex, 200, "hello");
        }));
        http.createContext("/cacheable", ex -> counted(ex, () -> {
            ex.getResponseHeaders().set("Cache-Control", "public, max-age=3600");
            ex.getResponseHeaders().set("ETag", "\"v1\"");
            answer(ex, 200, "hello");
        }));
        http.createContext("/fail", ex -> counted(ex, () -> answer(ex, 500, "boom")));
        http.createContext("/wrong", ex -> counted(ex, () -> answer(ex, 200, "something else")));
        http.createContext("/stall", ex -> counted(ex, () -> {
            sleep(5_000);
            answer(ex, 200, "late");
        }));
        http.createContext("/pausable", ex -> counted(ex, () -> {
            long wait = pausedUntilNanos - System.nanoTime();
            if (wait > 0) {
                sleep(TimeUnit.NANOSECONDS.toMillis(wait));
            }
            answer(ex, 200, "hello");
        }));
        http.createContext("/slower", ex -> counted(ex, () -> {
            // 10 ms more for every second since ?since= (a System.nanoTime() of this JVM): latency that never settles.
            long since = Long.parseLong(ex.getRequestURI().getQuery().substring("since=".length()));
            sleep(10 * TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - since));
            answer(ex, 200, "hello");
        }));
        http.createContext("/limited", ex -> counted(ex, () -> {
            // Four workers of 50 ms each: 80 answers a second at most, the rest queue.
            workers.acquireUninterruptibly();
            try {
                sleep(50);
            } finally {
                workers.release();
            }
            answer(ex, 200, "hello");
        }));
        http.createContext("/bounded", ex -> counted(ex, () -> {
            // ?ms=N: four workers, each holding a request N ms, served first come first served: a ceiling of 4,000 / N a second.
            long ms = Long.parseLong(ex.getRequestURI().getQuery().substring("ms=".length()));
            bounded.acquireUninterruptibly();
            long start = System.nanoTime();
            try {
                sleep(ms);
            } finally {
                bounded.release();
            }
            answer(ex, 200, "hello");
            long answered = System.nanoTime();
            held.recordValue(answered - start);
            boundedAnswered.add(answered);
        }));
        http.createContext("/actuator/prometheus", ex -> answer(ex, 200, prometheus(scrapes.incrementAndGet())));
        http.start();
        resetting = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::resetEveryConnection);
    }

    /** Requests to /gate are held until {@code count} of them have arrived. */
    void gateOpensAt(int count) {
        CountDownLatch latch = new CountDownLatch(count);
        gate = latch;
        http.removeContext("/gate");
        http.createContext("/gate", ex -> counted(ex, () -> {
            latch.countDown();
            try {
                latch.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            answer(ex, 200, "hello");
        }));
    }

    /** Requests to /pausable that arrive in the next {@code pause} wait until it is over, as in a stop-the-world pause. */
    public void pauseFor(java.time.Duration pause) {
        pausedUntilNanos = System.nanoTime() + pause.toNanos();
    }

    /** Runs one in a JVM of its own ({@code ServerProcess}), for a test whose server must not share the test JVM. */
    public static void main(String[] args) throws IOException {
        dev.concurrencylab.lab.monitor.ServerProcess.announce(new TestServer().uri().getPort());
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort());
    }

    /** A server that reads each request and answers with a TCP reset. */
    public URI resettingUri() {
        return URI.create("http://127.0.0.1:" + resetting.getLocalPort());
    }

    private void resetEveryConnection() {
        while (!resetting.isClosed()) {
            try {
                Socket socket = resetting.accept();
                Thread.ofVirtual().start(() -> {
                    try (socket) {
                        InputStream in = socket.getInputStream();
                        in.read(new byte[4096]);
                        socket.setSoLinger(true, 0);
                    } catch (IOException ignored) {
                        // the point is to break the connection
                    }
                });
            } catch (IOException e) {
                return;
            }
        }
    }

    private interface Body {
        void run() throws IOException;
    }

    /**
     * Micrometer-style exposition whose counters grow by a known step per scrape: 4 GC pauses and
     * 15 ms of pause time each; 10 MB of heap (the 50 MB of metaspace is not heap).
     */
    private static String prometheus(int k) {
        return String.join("\n",
                "# TYPE jvm_gc_pause_seconds counter",
                "jvm_gc_pause_seconds_count{action=\"end of minor GC\",cause=\"G1 Evacuation Pause\",gc=\"G1 Young Generation\"} " + 3 * k,
                "jvm_gc_pause_seconds_sum{action=\"end of minor GC\",cause=\"G1 Evacuation Pause\",gc=\"G1 Young Generation\"} " + 0.010 * k,
                "jvm_gc_pause_seconds_count{action=\"end of major GC\",cause=\"System.gc() {x}\",gc=\"G1 Old\"} " + k,
                "jvm_gc_pause_seconds_sum{action=\"end of major GC\",cause=\"System.gc() {x}\",gc=\"G1 Old\"} " + 0.005 * k,
                "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Eden Space\"} 1.048576E7",
                "jvm_memory_used_bytes{area=\"nonheap\",id=\"Metaspace\"} 5.24288E7",
                "jvm_threads_live_threads 42",
                "") ;
    }

    private void counted(HttpExchange ex, Body body) throws IOException {
        requests.incrementAndGet();
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        ex.getRequestBody().readAllBytes();
        body.run();
    }

    /** Leaves the in-flight count before the answer goes out: the client may send its next request at once. */
    private void answer(HttpExchange ex, int status, String text) throws IOException {
        inFlight.decrementAndGet();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        http.stop(0);
        resetting.close();
    }
}
