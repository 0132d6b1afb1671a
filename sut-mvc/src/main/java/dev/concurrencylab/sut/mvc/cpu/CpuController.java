package dev.concurrencylab.sut.mvc.cpu;

import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.sut.common.web.WorkThreadHeader;
import org.springframework.http.HttpStatus;
import dev.concurrencylab.workload.cpu.CpuResult;
import dev.concurrencylab.workload.cpu.SqrtLoop;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
class CpuController {

    private final WorkThreadHeader workThread;

    CpuController(WorkThreadHeader workThread) {
        this.workThread = workThread;
    }

    @GetMapping("/cpu")
    ResponseEntity<CpuResult> cpu(@RequestParam(defaultValue = "" + SqrtLoop.DEFAULT_ITERATIONS) long iterations) {
        if (iterations < 0) {
            throw Problems.badRequest("iterations must be zero or more, got " + iterations);
        }
        return workThread.respond(HttpStatus.OK, new CpuResult(iterations, SqrtLoop.run(iterations)));
    }
}
