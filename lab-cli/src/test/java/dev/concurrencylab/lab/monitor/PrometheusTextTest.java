package dev.concurrencylab.lab.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.usage.JvmMetric;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {

    @Test
    void sumsEverySeriesOfAMeterKeepsOnlyHeapPoolsAsHeapAndSkipsUnknownValues() {
        Map<JvmMetric, Double> values = PrometheusText.read("""
                # HELP jvm_memory_used_bytes The amount of used memory
                # TYPE jvm_memory_used_bytes gauge
                jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 2097152.0
                jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 1048576.0
                jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 9.9E7
                tomcat_threads_busy_threads{name="http-nio-127.0.0.1-8080"} 7.0
                executor_active_threads{name="applicationTaskExecutor"} -1.0
                hikaricp_connections_pending{pool="HikariPool-1"} NaN
                jvm_gc_pause_seconds_count{action="end of minor GC",cause="odd } brace",gc="G1 Young Generation"} 5 1700000000000
                """);

        assertThat(values).containsEntry(JvmMetric.HEAP_USED_MB, 3.0)
                .containsEntry(JvmMetric.TOMCAT_THREADS_BUSY, 7.0)
                .containsEntry(JvmMetric.GC_PAUSES, 5.0)
                .doesNotContainKey(JvmMetric.HIKARI_PENDING)
                .doesNotContainKey(JvmMetric.EXECUTOR_ACTIVE)
                .doesNotContainKey(JvmMetric.R2DBC_ACQUIRED);
    }
}
