package dev.concurrencylab.lab.load.hyperfoil;

import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.connection.Request;
import io.hyperfoil.api.processor.Processor;
import io.hyperfoil.api.session.Action;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.http.api.HttpRequest;
import io.hyperfoil.http.api.StatusHandler;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The suite's per-response checks as Hyperfoil handlers. An answer that is not good (a status other
 * than the one expected or, with none expected, outside 2xx, or a failed body check) is marked invalid
 * and counted once in the tally: a status the suite expects, a 302 after a form's POST, is a good
 * answer whatever its class, so Hyperfoil's counts by status class cannot say which answers failed.
 * The latency check is counted but never makes an answer bad: a slow answer is still an answer, and
 * dropping it would hide the tail.
 */
final class ResponseChecks {

    private ResponseChecks() {
    }

    /** Finds its tally by key: Hyperfoil may copy handlers as it builds a benchmark, so they cannot hold it. */
    abstract static class OnTally implements java.io.Serializable {
        private final String key;
        /** The request of a mix this handler serves, or {@code null} when the trial sends one request. */
        private final String request;
        private transient Tally cached;
        private transient Tally.Named cachedNamed;

        OnTally(String key) {
            this(key, null);
        }

        OnTally(String key, String request) {
            this.key = key;
            this.request = request;
        }

        /** This handler's request of a mix, or {@code null}. */
        final Tally.Named named() {
            Tally.Named n = cachedNamed;
            if (n == null && request != null) {
                n = tally().named(request);
                cachedNamed = n;
            }
            return n;
        }

        /** Where this handler's checks are counted: a mix's request has checks of its own. */
        final CheckCounts checkCounts() {
            Tally.Named n = named();
            return n != null ? n : tally();
        }

        /** A failed check is a failed request of the whole as well as of its request. */
        final void checkFailed() {
            tally().checkFailed.increment();
            Tally.Named n = named();
            if (n != null) {
                n.checkFailed.increment();
            }
        }

        /** So is an answer with a status not asked for. */
        final void statusFailed() {
            tally().statusFailed.increment();
            Tally.Named n = named();
            if (n != null) {
                n.statusFailed.increment();
            }
        }

        /** Looked up once: a handler lives for one run, and its tally is open for all of it. */
        final Tally tally() {
            Tally t = cached;
            if (t == null) {
                t = Tally.of(key);
                cached = t;
            }
            return t;
        }
    }

    static final class Status extends OnTally implements StatusHandler {
        private final Integer expected;

        Status(String tally, String name, Integer expected) {
            super(tally, name);
            this.expected = expected;
        }

        @Override
        public void handleStatus(HttpRequest request, int status) {
            CheckCounts c = checkCounts();
            if (expected != null) {
                (status == expected ? c.statusPasses : c.statusFails).increment();
            }
            if (expected != null && status == expected) {
                return;
            }
            if (status < 200 || status > 299) {
                request.markInvalid();
                statusFailed();
            } else if (expected != null) {
                request.markInvalid();
                checkFailed();
            }
        }
    }

    /** Sees the whole body at once: Hyperfoil's defragmenting wrapper joins the chunks first. */
    static final class BodyContains extends OnTally implements Processor {
        private final String text;

        BodyContains(String tally, String name, String text) {
            super(tally, name);
            this.text = text;
        }

        @Override
        public void process(Session session, ByteBuf data, int offset, int length, boolean isLastPart) {
            Request request = session.currentRequest();
            if (isLastPart && request != null && data.toString(offset, length, StandardCharsets.UTF_8).contains(text)) {
                tally().bodyPassed.add(request);
            }
        }
    }

    /**
     * Runs once per answer, after its body: settles the body and latency checks and records the
     * response time in the good or the bad histogram, measured as Hyperfoil measures it (from the
     * request's start to the end of its answer).
     */
    static final class Record extends OnTally implements Processor {
        private final boolean bodyChecked;
        private final long latencyBelowNanos;

        Record(String tally, String name, boolean bodyChecked, long latencyBelowNanos) {
            super(tally, name);
            this.bodyChecked = bodyChecked;
            this.latencyBelowNanos = latencyBelowNanos;
        }

        @Override
        public void process(Session session, ByteBuf data, int offset, int length, boolean isLastPart) {
        }

        @Override
        public void after(Session session) {
            Request request = session.currentRequest();
            if (request == null) {
                return;
            }
            long now = System.nanoTime();
            Due due = session.getResource(Due.KEY);
            // From when it was due, if that is earlier than when it left: the time it waited in the driver for a session.
            long nanos = now - (due == null || due.nanos == 0 ? request.startTimestampNanos() : Math.min(due.nanos, request.startTimestampNanos()));
            Tally t = tally();
            CheckCounts c = checkCounts();
            if (bodyChecked) {
                if (t.bodyPassed.remove(request)) {
                    c.bodyPasses.increment();
                } else {
                    c.bodyFails.increment();
                    if (request.isValid()) {
                        request.markInvalid();
                        checkFailed();
                    }
                }
            }
            if (latencyBelowNanos > 0) {
                (nanos < latencyBelowNanos ? c.latencyPasses : c.latencyFails).increment();
            }
            (request.isValid() ? t.good : t.bad).recordValue(Math.max(0, nanos));
            boolean late = request.isValid() && t.answeredGood(now);
            Tally.Named n = named();
            if (n != null) {
                n.answered.increment();
                (request.isValid() ? n.good : n.bad).recordValue(Math.max(0, nanos));
                if (late) {
                    n.goodAfterWindow.increment();
                }
            }
            Tally.Second second = t.second(request.startTimestampNanos());
            second.answered.increment();
            if (request.isValid()) {
                second.good.recordValue(Math.max(0, nanos));
            }
        }
    }

    /**
     * Runs as each request is about to be sent: starts the window's clock, counts the second's requests
     * and notes in the session when the request was due, the time its latency is measured from.
     */
    static final class Sent extends OnTally implements Step, ResourceUtilizer {
        /** Whether this request is an arrival of an open model's schedule (a sequence's later steps are not). */
        private final boolean arrival;

        Sent(String tally, String name, boolean arrival) {
            super(tally, name);
            this.arrival = arrival;
        }

        @Override
        public boolean invoke(Session session) {
            session.getResource(Due.KEY).nanos = tally().sent(arrival);
            Tally.Named n = named();
            if (n != null) {
                n.sent.increment();
            }
            return true;
        }

        @Override
        public void reserve(Session session) {
            session.declareResource(Due.KEY, Due::new);
        }
    }

    /** A session's current request: when it was due ({@link System#nanoTime()}). */
    static final class Due implements Session.Resource {
        static final Session.ResourceKey<Due> KEY = Key.DUE;
        long nanos;

        private enum Key implements Session.ResourceKey<Due> {
            DUE
        }
    }

    /** Runs after every request, answered or not: feeds the live progress line. */
    static final class Completion extends OnTally implements Action {

        Completion(String tally) {
            super(tally);
        }

        @Override
        public void run(Session session) {
            Tally t = tally();
            Request request = session.currentRequest();
            if (request != null && !request.isValid()) {
                t.failed.increment();
                t.second(request.startTimestampNanos()).failed.increment();
            } else {
                t.answered.increment();
            }
        }
    }
}
