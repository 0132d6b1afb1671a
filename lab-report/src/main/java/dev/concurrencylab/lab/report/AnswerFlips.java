package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * When the decision table's answer would flip, from what the kept runs measured and nothing else: each
 * throughput, p99 and failure cell read again in every other kept run that could answer the same kind of
 * work, and where the two runs disagree — two answers apart, or two intervals that leave each other out
 * though they are not two claims on one side — what differs between them: scale, CPU model, CPUs, load
 * model, design. A run that reads no other answer is named too; a kind measured once gets no line, since
 * nothing measured says what would move it.
 */
final class AnswerFlips {

    private AnswerFlips() {
    }

    static void render(StringBuilder md, List<RunResults> runs, List<DecisionTable.Row> rows) {
        List<String> flips = new ArrayList<>();
        List<String> held = new ArrayList<>();
        for (DecisionTable.Question q : rows.stream().map(DecisionTable.Row::question).distinct().toList()) {
            List<DecisionTable.Row> answer = rows.stream().filter(r -> r.question() == q).toList();
            for (AnsweringRun.Answer other : AnsweringRun.candidates(runs, q)) {
                if (other.run() == answer.getFirst().run()) {
                    continue;
                }
                List<String> said = new ArrayList<>();
                for (DecisionTable.Row again : DecisionTable.rows(q, other)) {
                    answer.stream().filter(r -> r.variant().equals(again.variant())).findFirst()
                            .ifPresent(row -> moved(row, again).forEach(figure -> said.add(line(row, again, figure))));
                }
                flips.addAll(said);
                if (said.isEmpty()) {
                    held.add(q.kind() + " in `" + RunFacts.name(other.run()) + "` (" + other.run().run().definition().scale()
                            + ", " + RunFacts.machine(other.run().run()) + ")");
                }
            }
        }
        if (flips.isEmpty() && held.isEmpty()) {
            return;
        }
        md.append("**When the answer would flip** (only where another kept run measured the same kind of work; "
                + "a kind measured in one run has no line, since nothing measured says what would move it):\n\n");
        if (flips.isEmpty()) {
            md.append("- No other kept run read a different answer.\n");
        }
        flips.forEach(f -> md.append("- ").append(f).append("\n"));
        if (!held.isEmpty()) {
            md.append("- Read again, and not otherwise (no answer on the other side, no interval apart, for any stack): ")
                    .append(String.join("; ", held)).append(".\n");
        }
        md.append("\n");
    }

    /** The figures whose answer moved between the two rows, by name; the failures first, since they replace the other two. */
    private static List<String> moved(DecisionTable.Row a, DecisionTable.Row b) {
        if (a.failures().isPresent() || b.failures().isPresent()) {
            boolean same = a.failures().isPresent() && b.failures().isPresent()
                    && a.failures().get().verdict().kind() == b.failures().get().verdict().kind();
            return same ? List.of() : List.of("failures");
        }
        List<String> moved = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            if (apart(a.verdicts().get(i), b.verdicts().get(i))) {
                moved.add(a.verdicts().get(i).figure().label());
            }
        }
        return moved;
    }

    /** Two answers on different sides, or two intervals that leave each other out and are not two claims on one side. */
    static boolean apart(Verdict a, Verdict b) {
        if (answered(a) && answered(b) && !side(a).equals(side(b))) {
            return true;
        }
        if (a.interval() == null || b.interval() == null || a.kind() == Verdict.Kind.NO_VERDICT || b.kind() == Verdict.Kind.NO_VERDICT) {
            return false;
        }
        boolean disjoint = a.interval().high() < b.interval().low() || b.interval().high() < a.interval().low();
        boolean sameClaim = claims(a) && claims(b) && side(a).equals(side(b));
        return disjoint && !sameClaim;
    }

    private static boolean answered(Verdict v) {
        return claims(v) || v.kind() == Verdict.Kind.SAME;
    }

    private static boolean claims(Verdict v) {
        return v.kind() == Verdict.Kind.BETTER || v.kind() == Verdict.Kind.WORSE || v.kind() == Verdict.Kind.DIFFERENT;
    }

    /** A claim's side of 1, or "same": what two runs must share to agree. */
    private static String side(Verdict v) {
        return v.kind() == Verdict.Kind.SAME ? "same" : v.interval().ratio() > 1 ? "up" : "down";
    }

    /** "**A database read**, webflux's throughput: ✗ 0.78× (…) in run A (full, Intel Xeon, 2 CPUs), ? 0.99× (…) in run B (…): differ in …". */
    private static String line(DecisionTable.Row a, DecisionTable.Row b, String figure) {
        return "**" + Meaning.capitalised(a.question().kind()) + "**, " + a.variant() + "'s " + figure + ": " + reading(a, figure) + ", but "
                + reading(b, figure) + ". " + differs(a, b);
    }

    private static String reading(DecisionTable.Row row, String figure) {
        String said = figure.equals("failures")
                ? row.failures().map(f -> f.verdict().kind() == Verdict.Kind.WORSE ? "fails more" : f.verdict().kind() == Verdict.Kind.BETTER
                        ? "fails less" : "failures not told apart").orElse("within the failure bar")
                : DecisionTable.cell(row.verdicts().stream().filter(v -> v.figure().label().equals(figure)).findFirst().orElseThrow());
        RunResults r = row.run();
        return "[" + said + "](" + row.link() + ") in `" + RunFacts.name(r) + "` (" + r.run().definition().scale() + ", "
                + RunFacts.machine(r.run()) + ")";
    }

    /** What the two runs differ in, of what could move an answer; their day and launches always differ. */
    private static String differs(DecisionTable.Row a, DecisionTable.Row b) {
        List<String> differs = new ArrayList<>();
        addIfDiffers(differs, "scale", a, b, r -> r.run().run().definition().scale());
        addIfDiffers(differs, "CPU model", a, b, r -> RunFacts.cpuModel(r.run().run()));
        addIfDiffers(differs, "CPUs", a, b, r -> RunFacts.cpus(r.run().run()));
        addIfDiffers(differs, "load model", a, b, AnswerFlips::loadModel);
        addIfDiffers(differs, "design", a, b, r -> r.answer().paired() ? "paired" : "fresh");
        return differs.isEmpty() ? "The runs differ in nothing the lab records but their day and launches: this answer is not settled."
                : "The runs differ in " + String.join(", ", differs) + ".";
    }

    private static String loadModel(DecisionTable.Row row) {
        List<TrialResult> trials = row.run().trials(row.answer().source().benchmark(), row.base());
        return trials.isEmpty() || trials.getFirst().identity().load() == null ? "?" : trials.getFirst().identity().load().name();
    }

    private static void addIfDiffers(List<String> differs, String what, DecisionTable.Row a, DecisionTable.Row b,
            Function<DecisionTable.Row, String> value) {
        if (!Objects.equals(value.apply(a), value.apply(b))) {
            differs.add(what + " (" + value.apply(a) + " / " + value.apply(b) + ")");
        }
    }
}
