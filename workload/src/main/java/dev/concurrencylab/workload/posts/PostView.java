package dev.concurrencylab.workload.posts;

/** The JSON shape of one post, identical in both apps (E0's DTO). */
public record PostView(long id, long userId, String title, String body) {
}
