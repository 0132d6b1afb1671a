package dev.concurrencylab.lab.export;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * Gauge families in the OpenMetrics text format, each sample with its own timestamp, for backfilling
 * ({@code promtool tsdb create-blocks-from openmetrics}).
 *
 * <p>Written here rather than with Prometheus' Java client (prometheus-metrics-exposition-textformats,
 * tried at 1.8.0, the newest whose dependencies resolve here):
 * its model is a scrape, one point per label set, and refuses a second point of the same series
 * ({@code DuplicateLabelsException}), while a trial's history is many points of one series at their own
 * times. Writing one snapshot per second instead would repeat a family, which the format forbids.
 */
final class OpenMetricsText {

    /** One family: its samples by label set, each set's points in the order added. */
    private record Family(String name, String help, String unit, SequencedMap<Map<String, String>, List<Point>> series) {
    }

    private record Point(long epochSecond, Number value) {
    }

    private final SequencedMap<String, Family> families = new LinkedHashMap<>();

    /**
     * Declares a gauge family; {@code unit} ({@code seconds}, {@code ratio}) or {@code null}, and when
     * given the name ends with it, as the format requires.
     */
    void gauge(String name, String unit, String help) {
        if (unit != null && !name.endsWith("_" + unit)) {
            throw new IllegalArgumentException(name + " does not end with its unit " + unit);
        }
        families.putIfAbsent(name, new Family(name, help, unit, new LinkedHashMap<>()));
    }

    /**
     * A point of the series {@code labels} of family {@code name} at {@code epochMillis}, to the nearest
     * second. A missing value is left out, and so is a point not later than the series' last: the format
     * wants each series' timestamps to increase.
     *
     * <p>Whole seconds: every figure here is of a second or of a window, and the OpenMetrics parser of
     * Debian 12's prometheus-client (0.16) compares a timestamp's fraction apart from its seconds, so that
     * 1.9 then 2.1 reads to it as going backwards.
     */
    void add(String name, Map<String, String> labels, Number value, long epochMillis) {
        Family f = families.get(name);
        if (f == null) {
            throw new IllegalArgumentException("family " + name + " was not declared");
        }
        if (value == null || value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return;
        }
        long second = Math.floorDiv(epochMillis + 500, 1000);
        List<Point> points = f.series().computeIfAbsent(Map.copyOf(labels), k -> new ArrayList<>());
        if (points.isEmpty() || points.getLast().epochSecond() < second) {
            points.add(new Point(second, value));
        }
    }

    /** The whole exposition, families in the order declared, ending with {@code # EOF}. */
    String text(List<String> labelOrder) {
        StringBuilder out = new StringBuilder();
        for (Family f : families.values()) {
            if (f.series().isEmpty()) {
                continue;
            }
            out.append("# TYPE ").append(f.name()).append(" gauge\n");
            if (f.unit() != null) {
                out.append("# UNIT ").append(f.name()).append(' ').append(f.unit()).append('\n');
            }
            out.append("# HELP ").append(f.name()).append(' ').append(escape(f.help(), false)).append('\n');
            f.series().forEach((labels, points) -> {
                String series = f.name() + labelText(labels, labelOrder);
                for (Point p : points) {
                    out.append(series).append(' ').append(number(p.value())).append(' ').append(p.epochSecond()).append('\n');
                }
            });
        }
        return out.append("# EOF\n").toString();
    }

    /** Labels in a stable order: the known ones first as listed, any others after them by name. */
    private static String labelText(Map<String, String> labels, List<String> order) {
        List<String> names = new ArrayList<>(order.stream().filter(labels::containsKey).toList());
        labels.keySet().stream().filter(n -> !order.contains(n)).sorted().forEach(names::add);
        if (names.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("{");
        for (String n : names) {
            out.append(out.length() > 1 ? "," : "").append(n).append("=\"").append(escape(labels.get(n), true)).append('"');
        }
        return out.append('}').toString();
    }

    private static String number(Number value) {
        return value instanceof Long || value instanceof Integer ? value.toString() : BigDecimal.valueOf(value.doubleValue()).toPlainString();
    }

    /** Help text escapes backslash and newline; a label value its double quote as well. */
    private static String escape(String text, boolean quoted) {
        String out = text.replace("\\", "\\\\").replace("\n", "\\n");
        return quoted ? out.replace("\"", "\\\"") : out;
    }
}
