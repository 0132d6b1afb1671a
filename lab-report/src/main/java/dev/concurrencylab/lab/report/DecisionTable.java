package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.verdict.FailureRates;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer first: for each kind of work the lab measures, how each stack compares with Spring
 * MVC on platform threads, figure by figure, from the kept run that measured it at the largest
 * scale with an interval to give — each cell a verdict with its ratio and interval, linked to the comparison in that run's
 * report — then a sentence per kind on what it means for a choice. Computed from the trials alone.
 */
final class DecisionTable {

    /**
     * A kind of work, its name on the chart (at most {@link PngCharts#LABEL} characters, the longest
     * tick label XChart draws) and the suite and benchmark that measure it.
     */
    record Question(String kind, String label, String suite, String benchmark) {
    }

    static final List<Question> QUESTIONS = List.of(
            new Question("a database read", "database read", "e0-posts", "posts"),
            new Question("a database read, 200 users at once", "DB read, 200 users", "e0-posts", "sweep-200-users"),
            new Question("plain answers, no I/O", "plain answers", "e1-hello", "hello"),
            new Question("save, then publish to Kafka", "save, then publish", "e3-post-kafka", "saved-1x"),
            new Question("save, then publish, 6× the users", "save, publish, 6×", "e3-post-kafka", "saved-6x"),
            new Question("handing work off: answer, then save and publish", "hand work off", "e3-post-kafka", "none-1x"),
            new Question("CPU-bound work", "CPU-bound work", "e4-cpu-io", "cpu"),
            new Question("waiting on I/O", "waiting on I/O", "e4-cpu-io", "io"),
            new Question("a fixed wait under open load", "open-load fixed wait", "loom-delay", "delay"));

    /** The stacks the table compares with the run's base (mvc-platform); a run's other variants stay in its own section. */
    static final List<String> STACKS = List.of("mvc-virtual", "webflux");

    /** Where the chart is, beside the findings file. */
    static final String CHART = "images/answer-throughput.png";

    /** What a team weighs, in the table's order; failures have a column of their own. */
    static final List<Figure> FIGURES = List.of(Figure.THROUGHPUT, Figure.P99, Figure.CPU_PER_1K, Figure.THREADS_PEAK, Figure.RSS_PEAK);

    /** One row: a variant against the base on one kind of work, in one run. */
    record Row(Question question, String variant, String base, RunResults run, List<Verdict> verdicts, Optional<FailureRates.Answer> failures) {
    }

    private DecisionTable() {
    }

    /** Every row the runs can fill, in the questions' order; a question no run measured has none. */
    static List<Row> rows(List<RunResults> runs) {
        List<Row> rows = new ArrayList<>();
        for (Question q : QUESTIONS) {
            Optional<RunResults> run = answering(runs, q);
            if (run.isEmpty()) {
                continue;
            }
            RunResults r = run.get();
            VerdictRules rules = r.rules();
            String base = r.variants().getFirst();
            List<TrialResult> baseTrials = r.trials(q.benchmark(), base);
            for (String variant : r.variants().subList(1, r.variants().size())) {
                List<TrialResult> trials = r.trials(q.benchmark(), variant);
                if (trials.isEmpty() || !STACKS.contains(variant)) {
                    continue;
                }
                Optional<FailureRates.Answer> failures = FailureRates.decide(trials, baseTrials, rules)
                        ? Optional.of(FailureRates.compare(variant, trials, base, baseTrials, rules)) : Optional.empty();
                List<Verdict> verdicts = FIGURES.stream().map(f -> Verdict.of(f, variant, trials, base, baseTrials, rules)).toList();
                rows.add(new Row(q, variant, base, r, verdicts, failures));
            }
        }
        return rows;
    }

    /** The table, the sentences under it, and the questions no kept run answers yet. */
    static void render(StringBuilder md, List<RunResults> runs) {
        List<Row> rows = rows(runs);
        String base = rows.isEmpty() ? "mvc-platform" : rows.getFirst().base();
        md.append("## The answer first\n\n")
                .append("Each stack against ").append(base).append(" for each kind of work, from the kept run that measured it at the ")
                .append("largest scale with two launches a side or more: the ratio (stack ÷ ").append(base).append(") with its 95 % confidence interval. ")
                .append("✓ better and ✗ worse are claims (the interval leaves out 1 and the change is at least 5 %); = the same within ±5 %; ")
                .append("? undecided (more trials would tell); a failure verdict replaces throughput and p99 where a side failed more than ")
                .append("the run's bar. Each cell links to the comparison in that run's report; how each is judged: ")
                .append("[methodology](methodology.md#verdicts-a-ratio-with-its-95--confidence-interval).\n\n");
        List<String> headings = new ArrayList<>(List.of("kind of work", "stack"));
        FIGURES.forEach(f -> headings.add(f.label()));
        headings.add("failures");
        headings.add("run");
        List<List<String>> table = new ArrayList<>();
        for (Row row : rows) {
            String link = "runs/" + row.run().dir().toAbsolutePath().normalize().getFileName() + "/report.md#" + row.question().benchmark();
            List<String> cells = new ArrayList<>(List.of(row.question().kind(), row.variant()));
            for (Verdict v : row.verdicts()) {
                boolean hidden = row.failures().isPresent() && (v.figure() == Figure.THROUGHPUT || v.figure() == Figure.P99);
                cells.add(hidden ? "– (failures)" : "[" + cell(v) + "](" + link + ")");
            }
            cells.add(row.failures().map(f -> "[" + failureCell(f) + "](" + link + ")").orElse("within the bar"));
            cells.add(row.run().run().definition().scale());
            table.add(cells);
        }
        MarkdownReport.table(md, headings, table);
        md.append("\n![Throughput of each stack against ").append(base).append(" per kind of work, with 95 % intervals](")
                .append(CHART).append(")\n");
        List<String> unanswered = QUESTIONS.stream().filter(q -> answering(runs, q).isEmpty()).map(Question::kind).toList();
        if (!unanswered.isEmpty()) {
            md.append("\nNo answer yet, no kept run measured it: ").append(String.join("; ", unanswered)).append(".\n");
        }
        md.append("\n**What this means for your choice** (from the table's throughput, p99 and failure columns):\n\n");
        QUESTIONS.stream().filter(q -> rows.stream().anyMatch(r -> r.question() == q))
                .forEach(q -> md.append("- ").append(meaning(q, rows.stream().filter(r -> r.question() == q).toList())).append("\n"));
        md.append("\n");
    }

    /**
     * The chart under the table: throughput per kind of work, each stack's ratio to the base with its
     * interval; a row without a throughput answer has no dot.
     */
    static ChartSpec chart(List<RunResults> runs) {
        List<Row> rows = rows(runs);
        List<Question> asked = QUESTIONS.stream().filter(q -> rows.stream().anyMatch(r -> r.question() == q)).toList();
        List<ChartSpec.Series> series = new ArrayList<>();
        for (String stack : STACKS) {
            List<double[]> points = new ArrayList<>();
            for (Question q : asked) {
                Optional<Verdict> v = rows.stream().filter(r -> r.question() == q && r.variant().equals(stack)
                        && r.failures().isEmpty()).map(r -> r.verdicts().getFirst()).filter(x -> x.interval() != null && Double.isFinite(x.interval().high())).findFirst();
                points.add(v.map(x -> new double[] {x.interval().ratio(), x.interval().low(), x.interval().high()})
                        .orElse(new double[] {Double.NaN, Double.NaN, Double.NaN}));
            }
            series.add(new ChartSpec.Series(stack, points));
        }
        String base = rows.isEmpty() ? "mvc-platform" : rows.getFirst().base();
        return new ChartSpec("answer-throughput", "Throughput against " + base + " (ratio, 95 % CI)", "ratios",
                "stack ÷ " + base + " (log scale: ½× and 2× equally far from 1×)", "", asked.stream().map(Question::label).toList(), series);
    }

    /**
     * The run that answers a question: the largest scale, then the latest; quick runs are smoke, not answers,
     * and a run of one launch a side (E2 and E4 at full, as their originals ran) gives no interval to answer with.
     */
    static Optional<RunResults> answering(List<RunResults> runs, Question q) {
        return runs.stream()
                .filter(r -> r.run().definition().suite().equals(q.suite()) && !r.run().definition().scale().equals("quick"))
                .filter(r -> r.variants().size() > 1 && r.completed(q.benchmark(), r.variants().getFirst()).size() >= 2)
                .max(Comparator.comparingInt((RunResults r) -> scaleRank(r.run().definition().scale()))
                        .thenComparing(r -> Objects.toString(r.run().progress().started(), "")));
    }

    private static int scaleRank(String scale) {
        return switch (scale) {
            case "full" -> 2;
            case "standard" -> 1;
            default -> 0;
        };
    }

    /** "✓ 1.31× (1.24–1.39)": the verdict's kind as a mark, its ratio and interval. */
    static String cell(Verdict v) {
        if (v.kind() == Verdict.Kind.NO_VERDICT) {
            return "no answer: " + v.text().replaceFirst("^no verdict: (flagged )?", "");
        }
        String mark = switch (v.kind()) {
            case BETTER -> "✓ ";
            case WORSE -> "✗ ";
            case DIFFERENT -> "≠ ";
            case SAME -> "= ";
            default -> "? ";
        };
        if (v.interval() == null || Double.isInfinite(v.interval().high())) {
            return mark + "launches in two groups, too few to rank";
        }
        return String.format(Locale.ROOT, "%s%s× (%s)", mark, two(v.interval().ratio()), v.interval().ends(DecisionTable::two));
    }

    private static String failureCell(FailureRates.Answer f) {
        return switch (f.verdict().kind()) {
            case BETTER -> "✓ fails less";
            case WORSE -> "✗ fails more";
            default -> f.placement() == FailureRates.Placement.BOTH_ABOVE ? "? both fail" : "? near the bar";
        };
    }

    /** One sentence per kind of work: which stack the table favours, on which figures, or that none. */
    static String meaning(Question q, List<Row> rows) {
        List<String> said = new ArrayList<>();
        for (Row row : rows) {
            if (row.failures().isPresent()) {
                said.add(row.variant() + switch (row.failures().get().verdict().kind()) {
                    case WORSE -> " failed more requests than " + row.base();
                    case BETTER -> " failed fewer requests than " + row.base();
                    default -> row.failures().get().placement() == FailureRates.Placement.BOTH_ABOVE ? " and " + row.base() + " failed above the bar, not told apart"
                            : " not told apart from " + row.base() + " on failures, one side near the bar";
                });
                continue;
            }
            List<String> better = new ArrayList<>();
            List<String> worse = new ArrayList<>();
            for (Verdict v : row.verdicts().subList(0, 2)) {
                String figure = v.figure().label() + " " + two(v.interval() == null ? Double.NaN : v.interval().ratio()) + "×";
                if (v.kind() == Verdict.Kind.BETTER) {
                    better.add(figure);
                } else if (v.kind() == Verdict.Kind.WORSE) {
                    worse.add(figure);
                }
            }
            if (better.isEmpty() && worse.isEmpty()) {
                boolean same = row.verdicts().subList(0, 2).stream().allMatch(v -> v.kind() == Verdict.Kind.SAME);
                said.add(row.variant() + (same ? " the same as " + row.base() + " on throughput and p99" : " not told apart from " + row.base()
                        + " on throughput and p99 yet"));
            } else {
                said.add(row.variant() + (better.isEmpty() ? "" : " better on " + String.join(" and ", better))
                        + (better.isEmpty() || worse.isEmpty() ? "" : " but") + (worse.isEmpty() ? "" : " worse on " + String.join(" and ", worse))
                        + " than " + row.base());
            }
        }
        return "**" + capitalised(q.kind()) + "**: " + String.join("; ", said) + ".";
    }

    private static String capitalised(String s) {
        return s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    private static String two(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
