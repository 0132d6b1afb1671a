package dev.concurrencylab.sut.common.web;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What responses reveal for tests ({@code sut.*}): off by default, so measured responses carry nothing extra.
 *
 * @param exposeWorkThread add a header naming the thread that did the work ({@code sut.expose-work-thread})
 */
@ConfigurationProperties("sut")
public record ExposureProperties(boolean exposeWorkThread) {
}
