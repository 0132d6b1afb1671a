package dev.concurrencylab.sut.common;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;

/**
 * Imported by both apps. Settings in {@code sut-common.properties} are the parity defaults (pool
 * sizes, exposure of metrics, error format); an app's own properties or the command line override.
 */
@Configuration(proxyBeanMethods = false)
@ComponentScan
@PropertySource("classpath:sut-common.properties")
public class SutCommonConfiguration {
}
