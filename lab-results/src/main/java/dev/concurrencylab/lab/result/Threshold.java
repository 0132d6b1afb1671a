package dev.concurrencylab.lab.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail criterion on a trial's figures, as k6 has them: {@code p95 < 500ms},
 * {@code error-rate < 1%}, {@code checks > 99%}, {@code throughput > 1000}. A trial without the
 * figure (no good answers, say) does not meet it. As k6 selects by tag, {@code p95{request:search} < 200ms}
 * judges one named request of a mix on that request's own figures, and only trials that sent it.
 * It reads only a trial's record and gives a {@link ThresholdResult}, so it sits with the results, where
 * suites read it from their files and reports from {@code run.json}.
 *
 * @param text    as written in the suite
 * @param metric  one of {@link #METRICS}
 * @param limit   in the metric's unit: ms for latencies, percent for rates, answers per second for throughput
 * @param request the mix's request it judges, or {@code null} for the trial's whole
 */
public record Threshold(String text, String metric, String operator, double limit, String request) {

    private static final Pattern FORM = Pattern.compile(
            "\\s*([a-z0-9.-]+)(?:\\{request:([a-z0-9-]+)})?\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([a-z%/]*)\\s*");

    private enum Unit { MS, PERCENT, PER_SECOND }

    /** @param ofRequest the figure for one named request; {@code null} where there is none per request */
    private record Metric(Unit unit, Function<TrialResult, Double> read, BiFunction<TrialResult, String, Double> ofRequest) {
    }

    private static final Map<String, Metric> METRICS = Map.ofEntries(
            Map.entry("throughput", new Metric(Unit.PER_SECOND, t -> t.window().throughput(),
                    (t, name) -> ofRequest(t, name, RequestFigures::throughput))),
            Map.entry("error-rate", new Metric(Unit.PERCENT, t -> t.window().errorRate() * 100,
                    (t, name) -> ofRequest(t, name, r -> r.errorRate() * 100))),
            Map.entry("checks", new Metric(Unit.PERCENT, t -> t.judged().checksPassRate(), Threshold::checksOfRequest)),
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
        double value = Double.parseDouble(m.group(4));
        String unit = m.group(5);
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
        return new Threshold(text.strip(), m.group(1), m.group(3), limit, m.group(2));
    }

    /** A threshold on a named request judges only the trials that sent it; one on the whole, every trial. */
    public boolean appliesTo(TrialResult trial) {
        return request == null || trial.request(request) != null;
    }

    public ThresholdResult judge(TrialResult trial) {
        Metric m = METRICS.get(metric);
        Double actual = request == null ? m.read().apply(trial) : m.ofRequest().apply(trial, request);
        boolean met = actual != null && switch (operator) {
            case "<" -> actual < limit;
            case "<=" -> actual <= limit;
            case ">" -> actual > limit;
            default -> actual >= limit;
        };
        return new ThresholdResult(text, actual == null ? null : Math.round(actual * 1000) / 1000.0, met);
    }

    private static Metric latency(Function<LatencySummary, Double> part) {
        return new Metric(Unit.MS, t -> t.latencies().latency() == null ? null : part.apply(t.latencies().latency()),
                (t, name) -> {
                    RequestFigures r = t.request(name);
                    return r == null || r.latency() == null ? null : part.apply(r.latency());
                });
    }

    private static Double ofRequest(TrialResult trial, String name, Function<RequestFigures, Double> figure) {
        RequestFigures r = trial.request(name);
        return r == null ? null : figure.apply(r);
    }

    /** A mix's checks carry their request's name before them ({@code search: status is 200}). */
    private static Double checksOfRequest(TrialResult trial, String name) {
        long passes = 0;
        long all = 0;
        for (CheckResult c : trial.judged().checks()) {
            if (c.name().startsWith(name + ": ")) {
                passes += c.passes();
                all += c.passes() + c.fails();
            }
        }
        return all == 0 ? null : 100.0 * passes / all;
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
