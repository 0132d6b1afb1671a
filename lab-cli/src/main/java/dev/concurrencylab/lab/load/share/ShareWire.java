package dev.concurrencylab.lab.load.share;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.concurrencylab.lab.binding.Json;
import dev.concurrencylab.lab.load.CheckTally;
import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.ConnectionUse;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.RequestLoad;
import dev.concurrencylab.lab.load.RequestSpec;
import dev.concurrencylab.lab.load.SchedulingLag;
import dev.concurrencylab.lab.load.SecondStats;
import dev.concurrencylab.lab.load.Warmup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * A driver's share and what it measured, as JSON between the lab and a driver host: the share is
 * the window the lab would run itself with the model's share; the result carries its histograms
 * whole (HdrHistogram's compressed encoding), so merging loses nothing.
 */
public final class ShareWire {

    private static final ObjectMapper JSON = Json.MAPPER.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private ShareWire() {
    }

    /** One driver's part of a window, and when (epoch milliseconds, on the hosts' synchronised clocks) its schedule starts. */
    public record Share(URI target, RequestSpec request, Checks checks, LoadModel model, Duration warmupMin, Duration warmupMax,
            boolean untilSteady, long startAtMillis) {

        public static Share of(LoadRun run, LoadModel model, long startAtMillis) {
            return new Share(run.target(), run.request(), run.checks(), model, run.warmup().min(), run.warmup().max(),
                    run.warmup().untilSteady(), startAtMillis);
        }

        public LoadRun run() {
            return new LoadRun(target, request, checks, model, new Warmup(warmupMin, warmupMax, untilSteady));
        }
    }

    /** A {@link LoadResult} with its histograms encoded. */
    record Measured(String latency, String failedLatency, long sent, long answered, Map<ErrorClass, Long> errors, List<CheckTally> checks,
            long latencyCheckFailed, List<SecondStats> series, double windowSeconds, double waitSeconds, boolean sessionLimitHit,
            long blockedMillis, SchedulingLag.Figures driverLag, double warmedSeconds, Boolean steady, ConnectionUse connections,
            String failure, long goodAfterWindow, List<MeasuredRequest> requests, List<String> goodPerSecond) {
    }

    /** A {@link RequestLoad} with its histograms encoded. */
    record MeasuredRequest(String name, int weight, long sent, long answered, String latency, String failedLatency,
            Map<ErrorClass, Long> errors, long goodAfterWindow) {
    }

    public static String write(Share share) {
        return text(share);
    }

    public static Share readShare(String json) {
        return read(json, Share.class);
    }

    public static String write(LoadResult r) {
        return text(new Measured(encode(r.latencyNanos()), encode(r.failedLatencyNanos()), r.sent(), r.answered(), r.errors(), r.checks(),
                r.latencyCheckFailed(), r.series(), r.windowSeconds(), r.waitSeconds(), r.sessionLimitHit(), r.blockedMillis(), r.driverLag(),
                r.warmedSeconds(), r.steady(), r.connections(), r.failure(), r.goodAfterWindow(),
                r.requests().stream().map(q -> new MeasuredRequest(q.name(), q.weight(), q.sent(), q.answered(), encode(q.latencyNanos()),
                        encode(q.failedLatencyNanos()), q.errors(), q.goodAfterWindow())).toList(),
                r.goodPerSecond().stream().map(ShareWire::encode).toList()));
    }

    public static LoadResult readResult(String json) {
        Measured m = read(json, Measured.class);
        return new LoadResult(decode(m.latency()), decode(m.failedLatency()), m.sent(), m.answered(), m.errors(), m.checks(),
                m.latencyCheckFailed(), m.series(), m.windowSeconds(), m.waitSeconds(), m.sessionLimitHit(), m.blockedMillis(), m.driverLag(),
                m.warmedSeconds(), m.steady(), m.connections(), m.failure(), m.goodAfterWindow(),
                m.requests() == null ? List.of() : m.requests().stream().map(q -> new RequestLoad(q.name(), q.weight(), q.sent(), q.answered(),
                        decode(q.latency()), decode(q.failedLatency()), q.errors(), q.goodAfterWindow())).toList(),
                m.goodPerSecond() == null ? List.of() : m.goodPerSecond().stream().map(ShareWire::decode).toList());
    }

    static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    static Histogram decode(String text) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("a driver host's histogram does not decode: " + e.getMessage(), e);
        }
    }

    private static String text(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <T> T read(String json, Class<T> type) {
        try {
            return JSON.readValue(json, type);
        } catch (IOException e) {
            throw new IllegalArgumentException("a driver host's answer does not read: " + e.getMessage(), e);
        }
    }
}
