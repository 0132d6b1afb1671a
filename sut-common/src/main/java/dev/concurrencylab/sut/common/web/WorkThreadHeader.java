package dev.concurrencylab.sut.common.web;

import dev.concurrencylab.workload.WorkThread;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Adds {@link WorkThread#HEADER} to responses when tests switch it on, naming the thread that did
 * the work; off by default, so measured responses carry nothing extra.
 */
@Component
@EnableConfigurationProperties(ExposureProperties.class)
public class WorkThreadHeader {

    private final boolean enabled;

    WorkThreadHeader(ExposureProperties exposure) {
        this.enabled = exposure.exposeWorkThread();
    }

    /** A response for work done on the calling thread. */
    public <T> ResponseEntity<T> respond(HttpStatus status, T body) {
        return respond(status, body, enabled ? WorkThread.current() : null);
    }

    /** A response for work done on the thread {@code workThread} describes (from {@link WorkThread#current()}). */
    public <T> ResponseEntity<T> respond(HttpStatus status, T body, String workThread) {
        ResponseEntity.BodyBuilder builder = ResponseEntity.status(status);
        if (enabled && workThread != null) {
            builder.header(WorkThread.HEADER, workThread);
        }
        return builder.body(body);
    }

    public boolean enabled() {
        return enabled;
    }
}
