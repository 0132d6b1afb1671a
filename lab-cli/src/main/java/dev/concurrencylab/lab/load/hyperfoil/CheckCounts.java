package dev.concurrencylab.lab.load.hyperfoil;

import java.util.concurrent.atomic.LongAdder;

/** Per check, as k6 counts them: every answer passes or fails each check declared for it. */
abstract class CheckCounts {
    /** 2xx answers that failed a status or body check. */
    final LongAdder checkFailed = new LongAdder();
    /** Answers whose status was neither the one expected nor, with none expected, a 2xx. */
    final LongAdder statusFailed = new LongAdder();
    final LongAdder statusPasses = new LongAdder();
    final LongAdder statusFails = new LongAdder();
    final LongAdder bodyPasses = new LongAdder();
    final LongAdder bodyFails = new LongAdder();
    final LongAdder latencyPasses = new LongAdder();
    final LongAdder latencyFails = new LongAdder();
}
