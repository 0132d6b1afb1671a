package dev.concurrencylab.sut.webflux.scheduling;

import dev.concurrencylab.workload.WorkThread;

/**
 * A result with the thread that produced it, so the response can name where a variant really ran
 * its work (the handler thread in WebFlux is often not that thread).
 */
public record OnThread<T>(T value, String thread) {

    /** Call on the thread that did the work; names it only when {@code record} is on (tests). */
    public static <T> OnThread<T> here(T value, boolean record) {
        return new OnThread<>(value, record ? WorkThread.current() : null);
    }
}
