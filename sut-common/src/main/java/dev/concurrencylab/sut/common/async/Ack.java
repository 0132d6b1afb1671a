package dev.concurrencylab.sut.common.async;

import dev.concurrencylab.workload.posts.NewPost;
import java.util.Arrays;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** {@code POST /posts?ack=}: answer once the post is saved and published, or at once (E3). */
public enum Ack {
    SAVED, NONE;

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
                        "ack must be 'saved' or 'none', got '" + value + "'"));
    }
}
