package dev.concurrencylab.sut.webflux;

import dev.concurrencylab.sut.common.SutCommonConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * Spring WebFlux on Reactor Netty. Variants are Spring profiles chosen at launch, e.g.
 * {@code java -jar sut-webflux.jar --spring.profiles.active=webflux-elastic}.
 */
@SpringBootApplication
@Import(SutCommonConfiguration.class)
public class WebFluxApplication {

    public static void main(String[] args) {
        SpringApplication.run(WebFluxApplication.class, args);
    }
}
