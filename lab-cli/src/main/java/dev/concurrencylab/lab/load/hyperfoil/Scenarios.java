package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.Checks;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.NamedRequest;
import dev.concurrencylab.lab.load.PathTemplate;
import dev.concurrencylab.lab.load.RequestSpec;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.core.builders.StepCatalog;
import io.hyperfoil.core.handlers.DefragProcessor;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.steps.HttpRequestStepBuilder;
import io.hyperfoil.http.steps.HttpStepCatalog;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What each user of a phase sends: its one request, or a mix's requests, each with the response
 * handlers that check and count it. The phases ({@link HyperfoilDriver}) say when users run; this
 * says what they do.
 */
final class Scenarios {

    /** A mix's first sequence, which picks the request; each request's sequence is {@link #MIXED} and its name. */
    private static final String PICK = "pick";
    private static final String MIXED = "request-";

    private Scenarios() {
    }

    static void add(PhaseBuilder<?> phase, LoadRun run, String tally, int requests) {
        add(phase, run, tally, requests, null);
    }

    /** {@code gate}, when given, runs before every request and holds it back until the gate opens. */
    static void add(PhaseBuilder<?> phase, LoadRun run, String tally, int requests, RampGate gate) {
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
            loop.step(new ResponseChecks.Sent(tally));
            request(loop.step(HttpStepCatalog.SC).httpRequest(method(run.request())), run.request(), run.checks(), tally, null);
            loop.end();
        } else {
            sequence.step(new ResponseChecks.Sent(tally));
            request(sequence.step(HttpStepCatalog.SC).httpRequest(method(run.request())), run.request(), run.checks(), tally, null);
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
            sequence.step(new ResponseChecks.Sent(tally, r.name()));
            request(sequence.step(HttpStepCatalog.SC).httpRequest(method(r.request())).metric(r.name()), r.request(), r.checks(), tally,
                    r.name());
            sequence.step(new MixSteps.Again(requests, PICK));
        }
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
            step.path(session -> path.next());
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
