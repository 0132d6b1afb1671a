package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunRules;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail criterion on a trial's figures, as k6 has them: {@code p95 < 500ms},
 * {@code error-rate < 1%}, {@code checks > 99%}, {@code throughput > 1000}. A trial without the
 * figure (no good answers, say) does not meet it.
 *
 * @param text   as written in the suite
 * @param metric one of {@link #METRICS}
 * @param limit  in the metric's unit: ms for latencies, percent for rates, answers per second for throughput
 */
public record Threshold(String text, String metric, String operator, double limit) {

    private static final Pattern FORM = Pattern.compile("\\s*([a-z0-9.-]+)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-z%/]*)\\s*");

    private enum Unit { MS, PERCENT, PER_SECOND }

    private record Metric(Unit unit, Function<TrialResult, Double> read) {
    }

    private static final Map<String, Metric> METRICS = Map.ofEntries(
            Map.entry("throughput", new Metric(Unit.PER_SECOND, t -> t.window().throughput())),
            Map.entry("error-rate", new Metric(Unit.PERCENT, t -> t.window().errorRate() * 100)),
            Map.entry("checks", new Metric(Unit.PERCENT, t -> t.judged().checksPassRate())),
            Map.entry("min", latency(LatencySummary::minMs)),
            Map.entry("mean", latency(LatencySummary::meanMs)),
            Map.entry("p50", latency(LatencySummary::p50Ms)),
            Map.entry("p90", latency(LatencySummary::p90Ms)),
            Map.entry("p95", latency(LatencySummary::p95Ms)),
            Map.entry("p99", latency(LatencySummary::p99Ms)),
            Map.entry("p99.9", latency(LatencySummary::p999Ms)),
            Map.entry("max", latency(LatencySummary::maxMs)));

    /** Reads {@code metric op value[unit]}; the message of the exception says what is wrong. */
    public static Threshold parse(String text) {
        Matcher m = FORM.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("threshold '" + text + "' is not 'METRIC < VALUE' (e.g. 'p95 < 500ms', "
                    + "'error-rate < 1%', 'checks > 99%', 'throughput > 1000')");
        }
        Metric metric = METRICS.get(m.group(1));
        if (metric == null) {
            throw new IllegalArgumentException("threshold '" + text + "': unknown metric '" + m.group(1) + "'; choose from "
                    + String.join(", ", new java.util.TreeSet<>(METRICS.keySet())));
        }
        double value = Double.parseDouble(m.group(3));
        String unit = m.group(4);
        double limit = switch (metric.unit()) {
            case MS -> switch (unit) {
                case "ms", "" -> value;
                case "s" -> value * 1000;
                case "us" -> value / 1000;
                default -> throw new IllegalArgumentException("threshold '" + text + "': a latency takes ms, s or us, not '" + unit + "'");
            };
            case PERCENT -> {
                if (!unit.equals("%")) {
                    throw new IllegalArgumentException("threshold '" + text + "': write a rate in percent, e.g. '1%'");
                }
                yield value;
            }
            case PER_SECOND -> {
                if (!unit.isEmpty() && !unit.equals("/s")) {
                    throw new IllegalArgumentException("threshold '" + text + "': throughput is answers per second, a plain number");
                }
                yield value;
            }
        };
        return new Threshold(text.strip(), m.group(1), m.group(2), limit);
    }

    public ThresholdResult judge(TrialResult trial) {
        Double actual = METRICS.get(metric).read().apply(trial);
        boolean met = actual != null && switch (operator) {
            case "<" -> actual < limit;
            case "<=" -> actual <= limit;
            case ">" -> actual > limit;
            default -> actual >= limit;
        };
        return new ThresholdResult(text, actual == null ? null : Math.round(actual * 1000) / 1000.0, met);
    }

    private static Metric latency(Function<LatencySummary, Double> part) {
        return new Metric(Unit.MS, t -> t.latencies().latency() == null ? null : part.apply(t.latencies().latency()));
    }

    /**
     * Per benchmark, variant and threshold, in the trials' order: how many completed trials met it.
     * A variant meets a threshold when every one of its completed trials did.
     */
    public static List<RunRules.ThresholdOutcome> outcomes(List<TrialResult> trials) {
        Map<List<String>, int[]> counts = new LinkedHashMap<>();
        for (TrialResult t : trials) {
            if (!t.ok()) {
                continue;
            }
            for (ThresholdResult r : t.judged().thresholds()) {
                int[] c = counts.computeIfAbsent(List.of(t.identity().benchmark(), t.identity().variant(), r.threshold()), k -> new int[2]);
                c[0] += r.passed() ? 1 : 0;
                c[1]++;
            }
        }
        List<RunRules.ThresholdOutcome> out = new ArrayList<>();
        counts.forEach((k, c) -> out.add(new RunRules.ThresholdOutcome(k.get(0), k.get(1), k.get(2), c[0], c[1], c[0] == c[1])));
        return out;
    }
}
