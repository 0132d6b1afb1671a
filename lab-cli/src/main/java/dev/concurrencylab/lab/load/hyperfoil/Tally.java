package dev.concurrencylab.lab.load.hyperfoil;

import io.hyperfoil.api.connection.Request;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * Counters and histograms the Hyperfoil handlers write to. Handlers find them by key rather than by
 * reference, because Hyperfoil may copy a benchmark's handlers when it builds the benchmark.
 */
final class Tally {

    private static final Map<String, Tally> LIVE = new ConcurrentHashMap<>();

    final LongAdder answered = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder checkFailed = new LongAdder();
    final LongAdder refused = new LongAdder();
    /** Response times of good answers (2xx that passed the status and body checks), in ns. */
    final Recorder good = new Recorder(3);
    /** Response times of answers that were not good, in ns: a failed answer is never a fast one. */
    final Recorder bad = new Recorder(3);
    /** Per check, as k6 counts them: every answer passes or fails each check the suite declares. */
    final LongAdder statusPasses = new LongAdder();
    final LongAdder statusFails = new LongAdder();
    final LongAdder bodyPasses = new LongAdder();
    final LongAdder bodyFails = new LongAdder();
    final LongAdder latencyPasses = new LongAdder();
    final LongAdder latencyFails = new LongAdder();
    /** Requests whose body passed the body check, until their answer is recorded (an empty body never reaches the check). */
    final Set<Request> bodyPassed = ConcurrentHashMap.newKeySet();

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
