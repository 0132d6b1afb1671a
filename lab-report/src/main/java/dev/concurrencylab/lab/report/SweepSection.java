package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Figure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A closed sweep read across its levels: each variant's throughput and latencies against users, one
 * row per level, as E0's table only estimated them. Every row is a level measured in its own window.
 */
final class SweepSection {

    /** How a suite names a sweep's levels ({@code posts-sweep-10-users}); see the suite loader. */
    private static final Pattern LEVEL = Pattern.compile("(.+)-(\\d+)-users");
    private static final List<Figure> COLUMNS = List.of(Figure.THROUGHPUT, Figure.P50, Figure.P95, Figure.P99, Figure.ERROR_RATE);

    private SweepSection() {
    }

    /** One section per sweep in the run, in the order its first level ran. */
    static List<Section> of(RunResults results, List<String> variants) {
        Map<String, TreeMap<Integer, String>> sweeps = new LinkedHashMap<>();
        for (String benchmark : results.benchmarks()) {
            Matcher m = LEVEL.matcher(benchmark);
            boolean closed = results.trials().stream().filter(t -> t.identity().benchmark().equals(benchmark))
                    .allMatch(t -> t.identity().load() instanceof LoadModel.MaxRate);
            if (m.matches() && closed) {
                sweeps.computeIfAbsent(m.group(1), k -> new TreeMap<>()).put(Integer.parseInt(m.group(2)), benchmark);
            }
        }
        List<Section> sections = new ArrayList<>();
        sweeps.forEach((name, levels) -> {
            if (levels.size() > 1) {
                sections.add(section(name, levels, results, variants));
            }
        });
        return sections;
    }

    private static Section section(String name, TreeMap<Integer, String> levels, RunResults results, List<String> variants) {
        List<String> headings = new ArrayList<>(List.of("users", "variant", "trials"));
        COLUMNS.forEach(f -> headings.add(f.heading()));
        List<List<String>> rows = new ArrayList<>();
        List<ChartSpec.Series> throughput = new ArrayList<>();
        List<ChartSpec.Series> p99 = new ArrayList<>();
        for (String variant : variants) {
            List<double[]> t = new ArrayList<>();
            List<double[]> l = new ArrayList<>();
            levels.forEach((users, benchmark) -> {
                List<TrialResult> trials = results.trials(benchmark, variant);
                if (trials.isEmpty()) {
                    return;
                }
                List<String> row = new ArrayList<>(List.of(Integer.toString(users), variant,
                        Long.toString(trials.stream().filter(TrialResult::ok).count())));
                for (Figure f : COLUMNS) {
                    Spread s = Spread.of(f, trials);
                    row.add(s == null ? "–" : s.text());
                }
                rows.add(row);
                Spread st = Spread.of(Figure.THROUGHPUT, trials);
                Spread sl = Spread.of(Figure.P99, trials);
                if (st != null) {
                    t.add(new double[] {users, st.median()});
                }
                if (sl != null) {
                    l.add(new double[] {users, sl.median()});
                }
            });
            throughput.add(new ChartSpec.Series(variant, t));
            p99.add(new ChartSpec.Series(variant, l));
        }
        rows.sort(java.util.Comparator.comparingInt((List<String> r) -> Integer.parseInt(r.getFirst())));
        String note = "Each level of users is its own benchmark (" + String.join(", ", levels.values())
                + "), warmed up and measured in its own window; medians over trials with the range in brackets.";
        return new Section(name + " by users", "closed users at " + levels.keySet() + ", each level its own window", "",
                List.of(new Table("", headings, rows, note, -1)), "", List.of(), List.of(), List.of(),
                List.of(new ChartSpec(name + "-throughput-by-users", "Throughput against users", "lines", "users", "req/s", List.of(), throughput),
                        new ChartSpec(name + "-p99-by-users", "p99 against users", "lines", "users", "ms", List.of(), p99)));
    }
}
