package dev.concurrencylab.lab.monitor;

import dev.concurrencylab.lab.usage.JvmMetric;
import java.util.EnumMap;
import java.util.Map;

/**
 * Reads the meters of {@link JvmMetric} from Prometheus text exposition, summing a meter's series
 * over their labels (all heap pools, all GC causes, every pool of a kind).
 */
public final class PrometheusText {

    private PrometheusText() {
    }

    /** Meters present in the text, scaled to the units of their keys; absent meters are left out. */
    public static Map<JvmMetric, Double> read(String exposition) {
        Map<JvmMetric, Double> values = new EnumMap<>(JvmMetric.class);
        for (String line : exposition.split("\n")) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int nameEnd = indexOfAny(line, "{ ");
            if (nameEnd < 0) {
                continue;
            }
            String name = line.substring(0, nameEnd);
            for (JvmMetric metric : JvmMetric.values()) {
                if (!metric.prometheusName().equals(name)) {
                    continue;
                }
                int valueStart = nameEnd;
                String labels = "";
                if (line.charAt(nameEnd) == '{') {
                    int close = closingBrace(line, nameEnd);
                    labels = line.substring(nameEnd + 1, close);
                    valueStart = close + 1;
                }
                if (!metric.counts(labels)) {
                    continue;
                }
                String[] rest = line.substring(valueStart).trim().split("\\s+");
                double value = parse(rest[0]);
                // Micrometer reports -1 or NaN where a meter has nothing to read (e.g. Tomcat's busy
                // threads under virtual threads); that is "unknown", not a value.
                if (!Double.isNaN(value) && (metric.counter() || value >= 0)) {
                    values.merge(metric, metric.figure(value), Double::sum);
                }
            }
        }
        return values;
    }

    private static double parse(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> {
                try {
                    yield Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    yield Double.NaN;
                }
            }
        };
    }

    /** The brace closing the label set, skipping braces inside quoted label values. */
    private static int closingBrace(String line, int open) {
        boolean quoted = false;
        for (int i = open + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == '}' && !quoted) {
                return i;
            }
        }
        return line.length() - 1;
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }
}
