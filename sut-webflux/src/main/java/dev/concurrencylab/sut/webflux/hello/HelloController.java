package dev.concurrencylab.sut.webflux.hello;

import dev.concurrencylab.workload.Hello;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
class HelloController {

    @GetMapping(path = "/hello", produces = MediaType.TEXT_PLAIN_VALUE)
    String hello() {
        return Hello.TEXT;
    }
}
