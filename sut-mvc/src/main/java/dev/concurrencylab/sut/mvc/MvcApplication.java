package dev.concurrencylab.sut.mvc;

import dev.concurrencylab.sut.common.SutCommonConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * Spring MVC on Tomcat. Variants are Spring profiles chosen at launch, e.g.
 * {@code java -jar sut-mvc.jar --spring.profiles.active=mvc-virtual}.
 */
@SpringBootApplication
@Import(SutCommonConfiguration.class)
public class MvcApplication {

    public static void main(String[] args) {
        SpringApplication.run(MvcApplication.class, args);
    }
}
