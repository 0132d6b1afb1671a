package dev.concurrencylab.sut.mvc.async;

import dev.concurrencylab.sut.common.async.Handoffs;
import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import dev.concurrencylab.workload.async.Handoff;
import dev.concurrencylab.workload.async.Strategy;
import dev.concurrencylab.workload.async.WorkItem;
import dev.concurrencylab.workload.async.Worker;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** E2: {@code sync} does the work on the request thread; every other strategy answers 202 once handed off. */
@RestController
class AsyncController {

    private final Handoffs handoffs;
    private final Worker worker;
    private final WorkThreadHeader workThread;

    AsyncController(Handoffs handoffs, Worker worker, WorkThreadHeader workThread) {
        this.handoffs = handoffs;
        this.worker = worker;
        this.workThread = workThread;
    }

    @PostMapping("/async/{strategy}")
    ResponseEntity<Handoff> handOff(@PathVariable String strategy, @RequestParam(name = "work-ms", required = false) Long workMs) {
        Strategy chosen = Strategy.ofPath(strategy).orElseThrow(() -> Problems.badRequest(
                "unknown strategy '" + strategy + "'; one of: " + Strategy.acceptedPaths()));
        WorkItem item = handoffs.begin(chosen, workMs);
        if (chosen == Strategy.SYNC) {
            worker.work(item);
            return workThread.respond(HttpStatus.OK, Handoff.of(item));
        }
        handoffs.send(item);
        return workThread.respond(HttpStatus.ACCEPTED, Handoff.of(item));
    }
}
