package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.RequestFigures;
import dev.concurrencylab.lab.result.TrialResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A mix's or a sequence's requests in {@code lab compare}: each named request's figures in run A and
 * run B, medians over trials. No verdict: a request's figures are a part of its trials', and a change
 * in one request is read against the whole's verdict above it.
 */
final class RequestComparison {

    private static final List<Figure> FIGURES = List.of(
            new Figure("throughput (req/s)", RequestFigures::throughput),
            new Figure("error rate (%)", r -> r.errorRate() * 100),
            new Figure("p50 (ms)", r -> r.latency() == null ? null : r.latency().p50Ms()),
            new Figure("p99 (ms)", r -> r.latency() == null ? null : r.latency().p99Ms()));

    private record Figure(String heading, Function<RequestFigures, Double> of) {
    }

    private RequestComparison() {
    }

    /** Rows for {@code variant}'s named requests, if either run's trials sent any; none for a trial of one request. */
    static void render(StringBuilder md, String variant, List<TrialResult> a, List<TrialResult> b) {
        Set<String> names = new LinkedHashSet<>();
        for (TrialResult t : concat(a, b)) {
            if (t.requests() != null) {
                t.requests().forEach(r -> names.add(r.name()));
            }
        }
        for (String name : names) {
            for (Figure f : FIGURES) {
                md.append("| ").append(variant).append(" | `").append(name).append("` ").append(f.heading()).append(" | ")
                        .append(median(a, name, f)).append(" | ").append(median(b, name, f)).append(" | – |\n");
            }
        }
    }

    private static String median(List<TrialResult> trials, String name, Figure f) {
        List<Double> values = trials.stream().map(t -> t.request(name)).filter(Objects::nonNull).map(f.of()).filter(Objects::nonNull)
                .sorted().toList();
        return values.isEmpty() ? "–" : Numbers.format(Spread.median(values));
    }

    private static List<TrialResult> concat(List<TrialResult> a, List<TrialResult> b) {
        List<TrialResult> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
