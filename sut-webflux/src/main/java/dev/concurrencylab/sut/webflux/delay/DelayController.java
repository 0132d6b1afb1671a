package dev.concurrencylab.sut.webflux.delay;

import dev.concurrencylab.sut.common.web.Problems;
import dev.concurrencylab.workload.Delay;
import java.time.Duration;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** The stand-in for a remote call: a timer, no thread held while waiting. */
@RestController
class DelayController {

    @GetMapping(path = "/delay", produces = MediaType.TEXT_PLAIN_VALUE)
    Mono<String> delay(@RequestParam(defaultValue = "" + Delay.DEFAULT_MS) long ms) {
        String problem = Delay.problem(ms);
        if (problem != null) {
            throw Problems.badRequest(problem);
        }
        return Mono.delay(Duration.ofMillis(ms)).thenReturn(Delay.body(ms));
    }
}
