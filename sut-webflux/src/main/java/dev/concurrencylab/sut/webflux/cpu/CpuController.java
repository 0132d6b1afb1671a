package dev.concurrencylab.sut.webflux.cpu;

import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import dev.concurrencylab.sut.webflux.scheduling.OnThread;
import dev.concurrencylab.sut.webflux.scheduling.WorkSchedulers;
import dev.concurrencylab.workload.cpu.CpuResult;
import dev.concurrencylab.workload.cpu.SqrtLoop;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/** E4's CPU-bound loop: on the event loop ({@code webflux}) or on {@code parallel} ({@code webflux-parallel}). */
@RestController
class CpuController {

    private final Scheduler scheduler;
    private final WorkThreadHeader workThread;

    CpuController(WorkSchedulers schedulers, WorkThreadHeader workThread) {
        this.scheduler = schedulers.cpu();
        this.workThread = workThread;
    }

    @GetMapping("/cpu")
    Mono<ResponseEntity<CpuResult>> cpu(@RequestParam(defaultValue = "" + SqrtLoop.DEFAULT_ITERATIONS) long iterations) {
        if (iterations < 0) {
            throw Problems.badRequest("iterations must be zero or more, got " + iterations);
        }
        return Mono.fromCallable(() -> OnThread.here(new CpuResult(iterations, SqrtLoop.run(iterations)), workThread.enabled()))
                .subscribeOn(scheduler)
                .map(done -> workThread.respond(HttpStatus.OK, done.value(), done.thread()));
    }
}
