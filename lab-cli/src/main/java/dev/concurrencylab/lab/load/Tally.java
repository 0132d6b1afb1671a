package dev.concurrencylab.lab.load;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters the Hyperfoil handlers write to. Handlers find them by key rather than by reference,
 * because Hyperfoil may copy a benchmark's handlers when it builds the benchmark.
 */
final class Tally {

    private static final Map<String, Tally> LIVE = new ConcurrentHashMap<>();

    final LongAdder answered = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder checkFailed = new LongAdder();
    final LongAdder refused = new LongAdder();

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

    void reset() {
        answered.reset();
        failed.reset();
        checkFailed.reset();
        refused.reset();
    }
}
