package dev.concurrencylab.lab.report;

import java.util.List;

/**
 * One chart as data, drawn by both renderers (Chart.js in the HTML page, XChart for the PNGs the
 * Markdown embeds).
 *
 * @param kind   {@code bars}: one bar per category (median) with its min–max range;
 *               {@code lines}: x/y series; {@code percentiles}: latency by percentile, x on a log scale
 *               of 1/(1−p) as HdrHistogram plots it
 * @param series for bars, one series whose points are (median, min, max) per category
 */
public record ChartSpec(String id, String title, String kind, String xLabel, String yLabel, List<String> categories,
        List<Series> series) {

    /** @param points for lines and percentiles (x, y) pairs; for bars (median, min, max) triples */
    public record Series(String name, List<double[]> points) {
    }
}
