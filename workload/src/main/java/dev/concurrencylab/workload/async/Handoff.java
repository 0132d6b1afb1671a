package dev.concurrencylab.workload.async;

/** Body of an answered {@code POST /async/{strategy}}. */
public record Handoff(String strategy, long item) {

    public static Handoff of(WorkItem item) {
        return new Handoff(item.strategy().path(), item.id());
    }
}
