package dev.concurrencylab.lab.load;

import io.hyperfoil.api.connection.Request;
import io.hyperfoil.api.processor.Processor;
import io.hyperfoil.api.session.Action;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.http.api.HttpRequest;
import io.hyperfoil.http.api.StatusHandler;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The suite's per-response checks as Hyperfoil handlers. A response that fails is marked invalid and
 * counted once: non-2xx statuses are left to Hyperfoil's status counts, check failures go to the tally.
 */
final class ResponseChecks {

    private ResponseChecks() {
    }

    static final class Status implements StatusHandler {
        private final String tally;
        private final Integer expected;

        Status(String tally, Integer expected) {
            this.tally = tally;
            this.expected = expected;
        }

        @Override
        public void handleStatus(HttpRequest request, int status) {
            if (status < 200 || status > 299) {
                request.markInvalid();
            } else if (expected != null && status != expected) {
                request.markInvalid();
                Tally.of(tally).checkFailed.increment();
            }
        }
    }

    /** Sees the whole body at once: Hyperfoil's defragmenting wrapper joins the chunks first. */
    static final class BodyContains implements Processor {
        private final String tally;
        private final String text;

        BodyContains(String tally, String text) {
            this.tally = tally;
            this.text = text;
        }

        @Override
        public void process(Session session, ByteBuf data, int offset, int length, boolean isLastPart) {
            if (!isLastPart) {
                return;
            }
            Request request = session.currentRequest();
            if (request != null && request.isValid() && !data.toString(offset, length, StandardCharsets.UTF_8).contains(text)) {
                request.markInvalid();
                Tally.of(tally).checkFailed.increment();
            }
        }
    }

    /** Runs after every request, answered or not: feeds the live progress line. */
    static final class Completion implements Action {
        private final String tally;

        Completion(String tally) {
            this.tally = tally;
        }

        @Override
        public void run(Session session) {
            Tally t = Tally.of(tally);
            Request request = session.currentRequest();
            if (request != null && !request.isValid()) {
                t.failed.increment();
            } else {
                t.answered.increment();
            }
        }
    }
}
