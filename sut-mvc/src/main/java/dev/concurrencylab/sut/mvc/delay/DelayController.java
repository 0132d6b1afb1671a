package dev.concurrencylab.sut.mvc.delay;

import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.workload.Delay;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The stand-in for a remote call: blocks the request thread, as MVC code does. */
@RestController
class DelayController {

    @GetMapping(path = "/delay", produces = MediaType.TEXT_PLAIN_VALUE)
    String delay(@RequestParam(defaultValue = "" + Delay.DEFAULT_MS) long ms) throws InterruptedException {
        String problem = Delay.problem(ms);
        if (problem != null) {
            throw Problems.badRequest(problem);
        }
        Thread.sleep(ms);
        return Delay.body(ms);
    }
}
