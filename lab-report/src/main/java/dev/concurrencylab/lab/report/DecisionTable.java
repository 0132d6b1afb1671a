package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.verdict.FailureRates;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The answer first: for each kind of work the lab measures, how each stack compares with Spring
 * MVC on platform threads, figure by figure, from the kept run that answers it ({@link AnsweringRun}) —
 * each cell a verdict with its ratio and interval, linked to the comparison in that run's report,
 * beside the run's A/A line and machine — then what it means for a choice and when the answer would
 * flip. Computed from the trials alone.
 */
final class DecisionTable {

    /** A suite's benchmark that measures a kind of work. */
    record Source(String suite, String benchmark) {
    }

    /**
     * A kind of work, its name on the chart (at most {@link PngCharts#LABEL} characters, the longest
     * tick label XChart draws) and the benchmarks that measure it, any of which may answer.
     */
    record Question(String kind, String label, List<Source> sources) {

        Question(String kind, String label, String suite, String benchmark) {
            this(kind, label, List.of(new Source(suite, benchmark)));
        }
    }

    static final List<Question> QUESTIONS = List.of(
            new Question("a database read", "database read", List.of(new Source("e0-posts", "posts"), new Source("quick", "posts"))),
            new Question("a database read, 200 users at once", "DB read, 200 users", "e0-posts", "sweep-200-users"),
            new Question("plain answers, no I/O", "plain answers", List.of(new Source("e1-hello", "hello"), new Source("quick", "hello"))),
            new Question("save, then publish to Kafka", "save, then publish", "e3-post-kafka", "saved-1x"),
            new Question("save, then publish, 6× the users", "save, publish, 6×", "e3-post-kafka", "saved-6x"),
            new Question("handing work off: answer, then save and publish", "hand work off", "e3-post-kafka", "none-1x"),
            new Question("CPU-bound work", "CPU-bound work", List.of(new Source("e4-cpu-io", "cpu"), new Source("steady-cpu-io", "cpu"))),
            new Question("waiting on I/O", "waiting on I/O", List.of(new Source("e4-cpu-io", "io"), new Source("steady-cpu-io", "io"))),
            new Question("a fixed wait under open load", "open-load fixed wait", "loom-delay", "delay"));

    /** The stacks the table compares with the run's base (mvc-platform); a run's other variants stay in its own report. */
    static final List<String> STACKS = List.of("mvc-virtual", "webflux");

    /** Where the chart is, beside the findings file. */
    static final String CHART = "images/answer-throughput.png";

    /** What a team weighs, in the table's order; failures have a column of their own. */
    static final List<Figure> FIGURES = List.of(Figure.THROUGHPUT, Figure.P99, Figure.CPU_PER_1K, Figure.THREADS_PEAK, Figure.RSS_PEAK);

    /** One row: a variant against the base on one kind of work, in the run that answers it. */
    record Row(Question question, AnsweringRun.Answer answer, String variant, String base, List<Verdict> verdicts,
            Optional<FailureRates.Answer> failures) {

        RunResults run() {
            return answer.run();
        }

        /** The comparison in the run's report. */
        String link() {
            return RunFacts.report(run()) + "#" + answer.source().benchmark();
        }
    }

    private DecisionTable() {
    }

    /** Every row the runs can fill, in the questions' order; a question no run measured has none. */
    static List<Row> rows(List<RunResults> runs) {
        List<Row> rows = new ArrayList<>();
        for (Question q : QUESTIONS) {
            AnsweringRun.of(runs, q).ifPresent(a -> rows.addAll(rows(q, a)));
        }
        return rows;
    }

    /** The rows of one question in one run: each stack it measured against its base. */
    static List<Row> rows(Question q, AnsweringRun.Answer a) {
        RunResults r = a.run();
        VerdictRules rules = r.rules();
        String base = r.variants().getFirst();
        List<TrialResult> baseTrials = r.trials(a.source().benchmark(), base);
        List<Row> rows = new ArrayList<>();
        for (String variant : r.variants().subList(1, r.variants().size())) {
            List<TrialResult> trials = r.trials(a.source().benchmark(), variant);
            if (trials.isEmpty() || !STACKS.contains(variant)) {
                continue;
            }
            Optional<FailureRates.Answer> failures = FailureRates.decide(trials, baseTrials, rules)
                    ? Optional.of(FailureRates.compare(variant, trials, base, baseTrials, rules)) : Optional.empty();
            List<Verdict> verdicts = FIGURES.stream().map(f -> Verdict.of(f, variant, trials, base, baseTrials, rules)).toList();
            rows.add(new Row(q, a, variant, base, verdicts, failures));
        }
        return rows;
    }

    /**
     * The table, the chart, the questions no kept run answers yet, what the answers mean and when they would flip.
     *
     * @return the rows rendered, so the page names each run's use without judging its verdicts again
     */
    static List<Row> render(StringBuilder md, List<RunResults> runs) {
        List<Row> rows = rows(runs);
        String base = rows.isEmpty() ? "mvc-platform" : rows.getFirst().base();
        md.append("## The answer first\n\n")
                .append("Each stack against ").append(base).append(" for each kind of work: the ratio (stack ÷ ").append(base)
                .append(") with its 95 % confidence interval, from the kept run that measured it in the paired design where one did ")
                .append("(live servers measured seconds apart, with an A/A line: ").append(base).append(" against a second launch of ")
                .append("itself, which must read the same), else from fresh launches at the largest scale with two launches a side or more. ")
                .append("✓ better and ✗ worse are claims (the interval leaves out 1 and the change is at least 5 %); = the same within ±5 %; ")
                .append("? undecided (more trials would tell); a failure verdict replaces throughput and p99 where a side failed more than ")
                .append("the run's bar. Each cell links to the comparison in that run's report; how each is judged: ")
                .append("[methodology](methodology.md#verdicts-a-ratio-with-its-95--confidence-interval).\n\n");
        List<String> headings = new ArrayList<>(List.of("kind of work", "stack"));
        FIGURES.forEach(f -> headings.add(f.label()));
        headings.addAll(List.of("failures", "A/A line", "measured in"));
        List<List<String>> table = new ArrayList<>();
        for (Row row : rows) {
            List<String> cells = new ArrayList<>(List.of(row.question().kind(), row.variant()));
            for (Verdict v : row.verdicts()) {
                boolean hidden = row.failures().isPresent() && (v.figure() == Figure.THROUGHPUT || v.figure() == Figure.P99);
                cells.add(hidden ? "– (failures)" : "[" + cell(v) + "](" + row.link() + ")");
            }
            cells.add(row.failures().map(f -> "[" + failureCell(f) + "](" + row.link() + ")").orElse("within the bar"));
            cells.add(aaCell(row));
            RunResults r = row.run();
            cells.add("[" + RunFacts.name(r) + "](" + RunFacts.report(r) + "), " + r.run().definition().scale() + ", " + RunFacts.machine(r.run()));
            table.add(cells);
        }
        MarkdownReport.table(md, headings, table);
        md.append("\n![Throughput of each stack against ").append(base).append(" per kind of work, with 95 % intervals](")
                .append(CHART).append(")\n");
        List<String> unanswered = QUESTIONS.stream().filter(q -> AnsweringRun.of(runs, q).isEmpty()).map(Question::kind).toList();
        if (!unanswered.isEmpty()) {
            md.append("\nNo answer yet, no kept run measured it: ").append(String.join("; ", unanswered)).append(".\n");
        }
        md.append("\n**What this means for your choice** (from the table's throughput, p99 and failure columns):\n\n");
        QUESTIONS.stream().filter(q -> rows.stream().anyMatch(r -> r.question() == q))
                .forEach(q -> md.append("- ").append(Meaning.of(q, rows.stream().filter(r -> r.question() == q).toList())).append("\n"));
        md.append("\n");
        AnswerFlips.render(md, runs, rows);
        return rows;
    }

    /**
     * The A/A line of the run a row comes from, judged as its report judges it: the base's second launch against its
     * first on throughput and p99, on the spread the other variants showed. A fresh design has none.
     */
    private static String aaCell(Row row) {
        if (!row.answer().paired()) {
            return "fresh design, no A/A line";
        }
        RunResults r = row.run();
        String benchmark = row.answer().source().benchmark();
        List<TrialResult> slices = r.variants().stream().flatMap(v -> r.trials(benchmark, v).stream()).toList();
        List<String> said = List.of(Figure.THROUGHPUT, Figure.P99).stream()
                .map(f -> f.label() + " " + cell(PairedVerdict.of(f, new PairedVerdict.Side(row.base(), 2), row.base(), slices, r.rules())))
                .toList();
        return "[" + String.join("; ", said) + "](" + row.link() + ")";
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

    static String failureCell(FailureRates.Answer f) {
        return switch (f.verdict().kind()) {
            case BETTER -> "✓ fails less";
            case WORSE -> "✗ fails more";
            default -> f.placement() == FailureRates.Placement.BOTH_ABOVE ? "? both fail" : "? near the bar";
        };
    }

    static String two(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.2f", v);
    }
}
