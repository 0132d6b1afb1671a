package dev.concurrencylab.lab.usage;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What the lab reads from a server's {@code /actuator/prometheus}: the Micrometer meter, and how a
 * reading becomes a per-second figure. Counters are running totals in the exposition, so the lab
 * records their change over each interval instead.
 */
public enum JvmMetric {

    HEAP_USED_MB("jvm.heap.used.mb", "jvm_memory_used_bytes", "area=\"heap\"", false, 1.0 / (1024 * 1024)),
    THREADS_LIVE("jvm.threads.live", "jvm_threads_live_threads", null, false, 1),
    GC_PAUSES("jvm.gc.pauses", "jvm_gc_pause_seconds_count", null, true, 1),
    GC_PAUSE_MS("jvm.gc.pause.ms", "jvm_gc_pause_seconds_sum", null, true, 1000),
    /** Micrometer counts it at each GC (young generation before minus after), so it moves in steps. */
    ALLOCATED_MB("jvm.allocated.mb", "jvm_gc_memory_allocated_bytes_total", null, true, 1.0 / (1024 * 1024)),
    TOMCAT_THREADS_BUSY("tomcat.threads.busy", "tomcat_threads_busy_threads", null, false, 1),
    HIKARI_ACTIVE("hikari.active", "hikaricp_connections_active", null, false, 1),
    HIKARI_PENDING("hikari.pending", "hikaricp_connections_pending", null, false, 1),
    R2DBC_ACQUIRED("r2dbc.acquired", "r2dbc_pool_acquired_connections", null, false, 1),
    R2DBC_PENDING("r2dbc.pending", "r2dbc_pool_pending_connections", null, false, 1),
    EXECUTOR_ACTIVE("executor.active", "executor_active_threads", null, false, 1),
    EXECUTOR_QUEUED("executor.queued", "executor_queued_tasks", null, false, 1);

    private final String key;
    private final String prometheusName;
    private final String requiredLabel;
    private final boolean counter;
    private final double scale;

    JvmMetric(String key, String prometheusName, String requiredLabel, boolean counter, double scale) {
        this.key = key;
        this.prometheusName = prometheusName;
        this.requiredLabel = requiredLabel;
        this.counter = counter;
        this.scale = scale;
    }

    /** The name in results, e.g. {@code jvm.gc.pause.ms}. */
    public String key() {
        return key;
    }

    public String prometheusName() {
        return prometheusName;
    }

    /**
     * The metric families to ask the server for, comma-separated: a full scrape of a Spring Boot app
     * with every meter enabled is some 180 KB, and producing it would load the server being measured.
     */
    public static String families() {
        return Arrays.stream(values()).map(m -> m.prometheusName.replaceAll("_(count|sum|total)$", "")).distinct()
                .collect(Collectors.joining(","));
    }

    /**
     * Whether a series with these labels counts toward the figure: some must carry a label (only heap
     * pools count as heap). Public for the monitor's Prometheus reader, which sits above this record.
     */
    public boolean counts(String labels) {
        return requiredLabel == null || labels.contains(requiredLabel);
    }

    /** A running total: report its change per interval, never its value. */
    public boolean counter() {
        return counter;
    }

    /** A reading in the figure's unit (bytes to MB, seconds to ms), for the monitor's Prometheus reader. */
    public double figure(double reading) {
        return reading * scale;
    }
}
