package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.ClosedSweep;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.OpenRamp;
import dev.concurrencylab.lab.load.OpenRate;

/**
 * When an open model's k-th arrival of the window is due, from the window's first, as Hyperfoil
 * 0.25.2's metronome (variance off) schedules it: the first whole millisecond at which its count of
 * required sessions passes k. The engine starts an arrival that finds no free session later, when one
 * frees, and times it from that late start; the lab times it from here instead, so the time it
 * waited in the driver for the server's earlier answers is in its latency (coordinated omission).
 */
sealed interface ArrivalSchedule {

    /** The engine's clock step: it starts arrivals on whole milliseconds of {@link System#currentTimeMillis()}. */
    long TICK_NANOS = 1_000_000L;

    /** Nanoseconds from the window's first arrival to the k-th (k from 0). */
    long dueNanos(long k);

    /** The schedule of an open model; {@code null} for a closed or counted one, whose requests have no due time. */
    static ArrivalSchedule of(LoadModel model) {
        return switch (model) {
            case OpenRate o -> new Constant(o.rate());
            case OpenRamp r -> r.from() == r.to() ? new Constant(r.from()) : new Ramp(r.from(), r.to(), r.duration().toMillis());
            // listed, not defaulted: a new model must say here whether its requests have due times
            case LoadModel.MaxRate _, LoadModel.ClosedStages _, ClosedSweep _, LoadModel.UsersXRequests _, LoadModel.CountXConcurrency _,
                 LoadModel.Burst _ -> null;
        };
    }

    /** Hyperfoil's constant rate: {@code floor(ms · rate / 1000) + 1} sessions required at {@code ms}. */
    record Constant(double perSecond) implements ArrivalSchedule {
        @Override
        public long dueNanos(long k) {
            return millis(k * 1000.0 / perSecond);
        }
    }

    /** Hyperfoil's ramp: {@code floor((slope · ms / 2 + from / 1000) · ms) + 1} sessions required at {@code ms}. */
    record Ramp(double from, double to, long durationMs) implements ArrivalSchedule {
        @Override
        public long dueNanos(long k) {
            double slope = (to - from) / (durationMs * 1000.0);
            double b = from / 1000;
            return millis((-b + Math.sqrt(Math.max(0, b * b + 2 * slope * k))) / slope);
        }
    }

    /** The engine's tick at or after {@code ms}; a hair of float error must not move an arrival a tick early. */
    private static long millis(double ms) {
        return (long) Math.ceil(ms - 1e-6) * 1_000_000L;
    }
}
