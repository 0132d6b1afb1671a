package dev.concurrencylab.sut.common.async;

import dev.concurrencylab.workload.posts.NewPost;
import java.util.Arrays;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** {@code POST /posts?ack=}: when the answer goes out, against the save and the publish (E3). */
public enum Ack {
    /** Saved, answered, then published without waiting: what E3's MVC and WebFlux "waiting" services did. */
    SAVED,
    /** Answered at once, saved and published afterwards: E3's WebFlux "not waiting". */
    NONE,
    /** Saved and published, answered once Kafka has acknowledged: stricter than E3, the lab's own extra. */
    PUBLISHED;

    /** Checks a {@code POST /posts} request; 400 for a bad {@code ack} or post. */
    public static Ack validate(NewPost post, String ack) {
        Ack mode = parse(ack);
        String problem = post.problem();
        if (problem != null) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, problem);
        }
        return mode;
    }

    public static Ack parse(String value) {
        return Arrays.stream(values()).filter(a -> a.name().equalsIgnoreCase(value)).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.BAD_REQUEST,
                        "ack must be 'saved', 'none' or 'published', got '" + value + "'"));
    }
}
