package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * One measured trial, written the moment it ends, made of named parts. The JSON stays flat: each
 * unwrapped part's fields sit at the top level, as docs/results-schema.md describes them. Counts
 * and latencies cover the measured window only; the outcome's flags name every reason not to read
 * the numbers at face value.
 *
 * @param delivery   the rate asked for against the rate sent, and the driver's own stalls (absent in results written before it was added)
 * @param completion what became of work handed off asynchronously, when the benchmark reads it back
 * @param requests   a mix's named requests, each with its own figures; absent for one request, and in results from before mixes
 */
public record TrialResult(@JsonUnwrapped TrialIdentity identity, @JsonUnwrapped TrialOutcome outcome,
        @JsonUnwrapped WarmUp warmUp, @JsonUnwrapped WindowCounts window, @JsonUnwrapped Latencies latencies,
        Delivery delivery, Completion completion, @JsonUnwrapped Judged judged, @JsonUnwrapped ServerUse server,
        List<RequestFigures> requests) {

    public TrialResult {
        // Trials written before a window had to last a second to be called noisy keep the flag
        // they were given; read, it goes, as a trial written now would never have had it.
        if (outcome != null && server != null && server.tooShortToMeasureNoise()) {
            outcome = outcome.without(Flag.NOISY);
        }
    }

    /** A trial of one request. */
    public TrialResult(TrialIdentity identity, TrialOutcome outcome, WarmUp warmUp, WindowCounts window, Latencies latencies,
            Delivery delivery, Completion completion, Judged judged, ServerUse server) {
        this(identity, outcome, warmUp, window, latencies, delivery, completion, judged, server, null);
    }

    /** The figures of the mix's request {@code name}, or {@code null} when the trial has no such request. */
    public RequestFigures request(String name) {
        return requests == null ? null : requests.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /**
     * This trial as one request of its mix saw it: the request's counts, errors and latencies in the
     * window's place, everything else (flags above all) the trial's; {@code null} when it sent no such request.
     */
    public TrialResult asRequest(String name) {
        RequestFigures r = request(name);
        if (r == null) {
            return null;
        }
        WindowCounts own = new WindowCounts(window.windowSeconds(), window.waitSeconds(), r.sent(), r.count(), r.answered(), r.throughput(),
                r.errors(), r.errorRate(), 0, 0, List.of(), window.windowShape(), null);
        return new TrialResult(identity, outcome, warmUp, own, new Latencies(r.latency(), null, null), delivery, completion, judged, server, null);
    }

    /** A copy whose window is classed {@code shape}, flagged window-shifted for {@code shiftedWhy} unless that is {@code null}. */
    public TrialResult withWindowShape(WindowShape shape, String shiftedWhy) {
        return new TrialResult(identity, shiftedWhy == null ? outcome : outcome.with(Flag.WINDOW_SHIFTED, shiftedWhy), warmUp,
                window.withShape(shape), latencies, delivery, completion, judged, server, requests);
    }

    /** The one way to build a trial: its identity, then whichever parts it has. */
    public static Builder of(TrialIdentity identity) {
        return new Builder(identity);
    }

    /** The trial measured its window; its figures can be compared. */
    @JsonIgnore
    public boolean ok() {
        return outcome.ok();
    }

    /**
     * The flags that keep this trial out of verdicts. A warm-up that reached its bound unsettled is
     * excused where the window's own series was classified: a window that held one level measured a
     * level, and one that moved carries window-shifted and is measured on its steady end. A window too
     * short to classify (under six seconds, or a counted one) keeps not-steady's veto.
     */
    @JsonIgnore
    public List<Flag> voidingFlags() {
        return outcome.flags().stream().filter(Flag::voidsVerdicts)
                .filter(f -> f != Flag.NOT_STEADY || window == null || window.windowShape() == null).toList();
    }

    /** A completed trial whose warm-up never settled but whose window held one level: compared whole, the flag kept as information. */
    @JsonIgnore
    public boolean unsettledButFlat() {
        return ok() && outcome.flags().contains(Flag.NOT_STEADY) && window != null && window.windowShape() != null && window.windowShape().flat();
    }

    /** A copy with thresholds judged. */
    public TrialResult withThresholds(List<ThresholdResult> judgedThresholds) {
        return new TrialResult(identity, outcome, warmUp, window, latencies, delivery, completion,
                new Judged(judged.checks(), judgedThresholds), server, requests);
    }

    /** Parts not given are empty: a trial that failed before its load has only its identity and outcome. */
    public static final class Builder {
        private final TrialIdentity identity;
        private TrialOutcome outcome;
        private WarmUp warmUp = WarmUp.NONE;
        private WindowCounts window = WindowCounts.NONE;
        private Latencies latencies = Latencies.NONE;
        private Delivery delivery;
        private Completion completion;
        private Judged judged = Judged.NONE;
        private ServerUse server = ServerUse.NONE;
        private List<RequestFigures> requests;

        private Builder(TrialIdentity identity) {
            this.identity = identity;
        }

        public Builder outcome(TrialOutcome outcome) {
            this.outcome = outcome;
            return this;
        }

        public Builder warmUp(WarmUp warmUp) {
            this.warmUp = warmUp;
            return this;
        }

        public Builder window(WindowCounts window) {
            this.window = window;
            return this;
        }

        public Builder latencies(Latencies latencies) {
            this.latencies = latencies;
            return this;
        }

        public Builder delivery(Delivery delivery) {
            this.delivery = delivery;
            return this;
        }

        public Builder completion(Completion completion) {
            this.completion = completion;
            return this;
        }

        public Builder judged(Judged judged) {
            this.judged = judged;
            return this;
        }

        public Builder server(ServerUse server) {
            this.server = server;
            return this;
        }

        /** A mix's requests; empty (one request) leaves the field out. */
        public Builder requests(List<RequestFigures> requests) {
            this.requests = requests == null || requests.isEmpty() ? null : List.copyOf(requests);
            return this;
        }

        public TrialResult build() {
            if (outcome == null) {
                throw new IllegalStateException("a trial needs an outcome");
            }
            return new TrialResult(identity, outcome, warmUp, window, latencies, delivery, completion, judged, server, requests);
        }
    }
}
