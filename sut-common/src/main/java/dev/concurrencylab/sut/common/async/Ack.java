package dev.concurrencylab.sut.common.async;

import java.util.Arrays;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ResponseStatusException;

/** {@code POST /posts?ack=}: answer once the post is saved and published, or at once (E3). */
public enum Ack {
    SAVED, NONE;

    public static Ack parse(String value) {
        return Arrays.stream(values()).filter(a -> a.name().equalsIgnoreCase(value)).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.BAD_REQUEST,
                        "ack must be 'saved' or 'none', got '" + value + "'"));
    }
}
