package dev.concurrencylab.lab.load.hyperfoil;

import io.hyperfoil.api.connection.Request;
import java.util.Map;
import java.util.Set;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Recorder;

/**
 * Counters and histograms the Hyperfoil handlers write to. Handlers find them by key rather than by
 * reference, because Hyperfoil may copy a benchmark's handlers when it builds the benchmark.
 */
final class Tally extends CheckCounts {

    private static final Map<String, Tally> LIVE = new ConcurrentHashMap<>();

    final LongAdder answered = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder refused = new LongAdder();
    /** Connects that failed for want of the driver's own file descriptors or local ports. */
    final LongAdder outOfFiles = new LongAdder();
    final LongAdder outOfPorts = new LongAdder();
    /** Connects the server refused or never answered, warm-up included, and requests the pool then gave up on. */
    final LongAdder connectsFailed = new LongAdder();
    final LongAdder connectsGaveUp = new LongAdder();
    /** Response times of good answers (2xx that passed the status and body checks), in ns. */
    final Recorder good = new Recorder(3);
    /** Response times of answers that were not good, in ns: a failed answer is never a fast one. */
    final Recorder bad = new Recorder(3);
    /** A mix's requests by name, each counted apart as well as in the whole; empty for one request. */
    private final Map<String, Named> named = new ConcurrentHashMap<>();
    /** Requests of a mix chosen so far: the next chosen is this one of the mix's cycle. */
    final AtomicLong picks = new AtomicLong();
    /** When this tally's first request was sent: a measured window's clock starts with its load. */
    final AtomicLong firstSent = new AtomicLong();
    /** An open model's arrival schedule, {@code null} for other models; set before the window's first arrival. */
    volatile ArrivalSchedule schedule;
    /** Arrivals sent so far: the next one sent is this one of the schedule (sessions start in arrival order). */
    final AtomicLong arrivals = new AtomicLong();
    /** When a timed window stopped starting requests; 0 until then. */
    final AtomicLong windowEndNanos = new AtomicLong();
    /** When the window's first good answer arrived. */
    final AtomicLong firstAnswered = new AtomicLong();
    /** Good answers that arrived after the window's span of answers, to requests sent in it. */
    final LongAdder goodAfterWindow = new LongAdder();
    /** The window second by second, by request start; 0 is the second of the first request sent. */
    private final Map<Integer, Second> seconds = new ConcurrentHashMap<>();
    /** Requests whose body passed the body check, until their answer is recorded (an empty body never reaches the check). */
    final Set<Request> bodyPassed = ConcurrentHashMap.newKeySet();

    /** One request of a mix: its checks are its own, so they are counted here and not in the whole. */
    static final class Named extends CheckCounts {
        final LongAdder sent = new LongAdder();
        final LongAdder answered = new LongAdder();
        final LongAdder goodAfterWindow = new LongAdder();
        final Recorder good = new Recorder(3);
        final Recorder bad = new Recorder(3);
    }

    Named named(String name) {
        Named n = named.get(name);
        return n != null ? n : named.computeIfAbsent(name, k -> new Named());
    }

    /**
     * One second of requests. The latencies are the lab's own auto-resizing histogram, so an answer
     * slower than the engine's range (Hyperfoil's per-second histograms stop at 60 s) is never clamped.
     */
    static final class Second {
        final LongAdder sent = new LongAdder();
        final LongAdder answered = new LongAdder();
        final LongAdder failed = new LongAdder();
        final ConcurrentHistogram good = new ConcurrentHistogram(3);
    }

    /**
     * Called as each request is sent; returns when it was due by an open model's schedule, give or
     * take the engine's one-millisecond tick, or 0 when the model has no schedule or the request is
     * not one of its arrivals.
     */
    long sent(boolean arrival) {
        long now = System.nanoTime();
        if (firstSent.get() == 0) {
            firstSent.compareAndSet(0, now);
        }
        second(now).sent.increment();
        ArrivalSchedule due = schedule;
        // The engine reads its schedule off a millisecond clock, so an arrival on time may leave up to a tick
        // after its exact due time: that tick is the engine's, not a wait, and stays out of the latency.
        return due == null || !arrival ? 0 : firstSent.get() + due.dueNanos(arrivals.getAndIncrement()) + ArrivalSchedule.TICK_NANOS;
    }

    /**
     * Counts a good answer that arrived at {@code nanos} after the window, if it did. A window opens
     * with nothing in flight (the warm-up has drained), so its answers begin one latency after its
     * requests: its span of answers is the window's length from the first answer, the same span a
     * server in mid-stream would answer in. Past its capacity a server answers at its own rate
     * through that span, whatever was sent. Returns whether it came after the window.
     */
    boolean answeredGood(long nanos) {
        if (firstAnswered.get() == 0) {
            firstAnswered.compareAndSet(0, nanos);
        }
        long end = windowEndNanos.get();
        if (end != 0 && nanos > end + (firstAnswered.get() - firstSent.get())) {
            goodAfterWindow.increment();
            return true;
        }
        return false;
    }

    /** The second a request started at {@code startNanos} belongs to. */
    Second second(long startNanos) {
        long first = firstSent.get();
        int index = first == 0 ? 0 : (int) Math.max(0, (startNanos - first) / 1_000_000_000L);
        Second s = seconds.get(index);
        return s != null ? s : seconds.computeIfAbsent(index, i -> new Second());
    }

    /** Every second from the first to the last that saw a request, gaps included. */
    List<Second> seconds() {
        int last = seconds.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
        return IntStream.rangeClosed(0, last).mapToObj(i -> seconds.getOrDefault(i, new Second())).toList();
    }

    static Tally open(String key) {
        Tally tally = new Tally();
        LIVE.put(key, tally);
        return tally;
    }

    /** The tally for {@code key}; a throwaway one once the run has closed it. */
    static Tally of(String key) {
        Tally tally = LIVE.get(key);
        return tally != null ? tally : new Tally();
    }

    static void close(String key) {
        LIVE.remove(key);
    }
}
