package dev.concurrencylab.workload.posts;

/** Body of {@code POST /posts} (E3). */
public record NewPost(Long userId, String title, String body) {

    /** @return why this post cannot be saved, or {@code null} when it can */
    public String problem() {
        if (userId == null || userId < 1) {
            return "userId must be a positive number";
        }
        if (title == null || title.isBlank()) {
            return "title must not be blank";
        }
        if (title.length() > 200) {
            return "title must be at most 200 characters";
        }
        return null;
    }
}
