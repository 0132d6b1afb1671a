package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.PathTemplate;
import dev.concurrencylab.lab.load.RequestSpec;
import io.hyperfoil.api.config.BaseSequenceBuilder;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.core.builders.StepCatalog;
import io.hyperfoil.core.handlers.DefragProcessor;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.steps.HttpRequestStepBuilder;
import io.hyperfoil.http.steps.HttpStepCatalog;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What each user of a phase sends: its one request, a mix's requests or a sequence's, each with the response
 * handlers that check and count it. The phases ({@link HyperfoilDriver}) say when users run; this
 * says what they do.
 */
final class Scenarios {

    /** A mix's first sequence, which picks the request; each request's sequence is {@link #MIXED} and its name. */
    private static final String PICK = "pick";
    private static final String MIXED = "request-";
    private static final String STEPS = "sequence";

    private Scenarios() {
    }

    static void add(PhaseBuilder<?> phase, LoadRun run, String tally, int requests) {
        add(phase, run, tally, requests, null);
    }

    /** {@code gate}, when given, runs before every request (a sequence's first) and holds it back until the gate opens. */
    static void add(PhaseBuilder<?> phase, LoadRun run, String tally, int requests, RampGate gate) {
        if (run.request().sequence()) {
            addSequence(phase, run.request().mix(), tally, requests, gate);
            return;
        }
        if (!run.request().mix().isEmpty()) {
            addMix(phase, run.request().mix(), tally, requests, gate);
            return;
        }
        var sequence = phase.scenario().initialSequence("request");
        if (gate != null) {
            sequence.step(gate);
        }
        if (requests > 1) {
            var loop = sequence.step(StepCatalog.SC).loop("request-count", requests).steps();
            send(loop, run.request(), run.checks(), tally, null, true, true);
            loop.end();
        } else {
            send(sequence, run.request(), run.checks(), tally, null, true, true);
        }
    }

    /**
     * Each request of the mix in a sequence of its own, its statistics under its name; the first
     * sequence picks which to start, so every model keeps the mix's weights over the requests it sends.
     */
    private static void addMix(PhaseBuilder<?> phase, List<NamedRequest> mix, String tally, int requests, RampGate gate) {
        var scenario = phase.scenario();
        var pick = scenario.initialSequence(PICK);
        if (gate != null) {
            pick.step(gate);
        }
        pick.step(new MixSteps.Pick(tally, mix.stream().map(NamedRequest::weight).toList(),
                mix.stream().map(r -> MIXED + r.name()).toList()));
        for (NamedRequest r : mix) {
            var sequence = scenario.sequence(MIXED + r.name());
            send(sequence, r.request(), r.checks(), tally, r.name(), true, true);
            sequence.step(new MixSteps.Again(requests, PICK));
        }
    }

    /**
     * A session's steps one after the other in one Hyperfoil sequence: a request waits for the answer
     * to the one before (the engine's requests are synchronous), so each session's steps reach the
     * server in order. A counted model's user runs the whole sequence {@code sessions} times.
     */
    private static void addSequence(PhaseBuilder<?> phase, List<NamedRequest> steps, String tally, int sessions, RampGate gate) {
        var sequence = phase.scenario().initialSequence(STEPS);
        if (gate != null) {
            sequence.step(gate);
        }
        if (sessions > 1) {
            var loop = sequence.step(StepCatalog.SC).loop("session-count", sessions).steps();
            sessionSteps(loop, steps, tally);
            loop.end();
        } else {
            sessionSteps(sequence, steps, tally);
        }
    }

    private static void sessionSteps(BaseSequenceBuilder<?> into, List<NamedRequest> steps, String tally) {
        if (steps.stream().anyMatch(s -> PathTemplate.parse(s.request().path()).perSession())) {
            into.step(new SequenceSteps.Begin());
        }
        for (int i = 0; i < steps.size(); i++) {
            NamedRequest step = steps.get(i);
            // Only the first step is an open model's arrival: the others are due when the answer before them arrives.
            send(into, step.request(), step.checks(), tally, step.name(), i == 0, false);
        }
    }

    /**
     * One request with its handlers. {@code ownSession}: a path naming its session makes the request a
     * session of its own (a sequence's steps share the number drawn as the session began).
     */
    private static void send(BaseSequenceBuilder<?> into, RequestSpec request, Checks checks, String tally, String name, boolean arrival,
            boolean ownSession) {
        if (ownSession && PathTemplate.parse(request.path()).perSession()) {
            into.step(new SequenceSteps.Begin());
        }
        into.step(new ResponseChecks.Sent(tally, name, arrival));
        var step = into.step(HttpStepCatalog.SC).httpRequest(method(request));
        request(name == null ? step : step.metric(name), request, checks, tally, name);
    }

    private static HttpMethod method(RequestSpec request) {
        return HttpMethod.valueOf(request.method());
    }

    /** @param name the request's name in a mix, or {@code null} for a trial of one request */
    private static void request(HttpRequestStepBuilder step, RequestSpec request, Checks checks, String tally, String name) {
        PathTemplate path = PathTemplate.parse(request.path());
        if (path.isFixed()) {
            step.path(request.path());
        } else {
            step.path(session -> path.next(path.perSession() ? SequenceSteps.number(session) : 0));
        }
        step.timeout(request.timeout().toMillis(), TimeUnit.MILLISECONDS);
        if (request.body() != null) {
            step.headers().header("Content-Type", request.contentType()).endHeaders();
            step.body(request.body());
        }
        AnnouncedClose announcedClose = new AnnouncedClose();
        var handler = step.handler().status(new ResponseChecks.Status(tally, name, checks.status())).header(announcedClose);
        if (checks.bodyContains() != null) {
            ResponseChecks.BodyContains body = new ResponseChecks.BodyContains(tally, name, checks.bodyContains());
            handler.body(fragmented -> DefragProcessor.of(body, fragmented));
        }
        ResponseChecks.Record record = new ResponseChecks.Record(tally, name, checks.bodyContains() != null,
                checks.latencyBelow() == null ? 0 : checks.latencyBelow().toNanos());
        handler.body(fragmented -> record);
        handler.onCompletion(new ResponseChecks.Completion(tally)).onCompletion(announcedClose).endHandler();
        step.endStep();
    }
}
