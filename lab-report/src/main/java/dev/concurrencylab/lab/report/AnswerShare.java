package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many of a run's throughput and p99 comparisons end in an answer — a claimed difference, the same within
 * ±min-effect, or a failure verdict that decides the line — and why the others do not. Counted from the verdicts
 * the report prints, so it measures how often the lab can tell, not how often it could have.
 *
 * @param noVerdict each reason a comparison had no verdict, with how many had it
 */
record AnswerShare(int comparisons, int claimed, int same, int byFailures, int undecided, Map<String, Integer> noVerdict) {

    /** The verdicts of one line that count: its throughput and p99, or its failure verdict once for each where failures decided it. */
    static List<Verdict> counted(List<Verdict> line) {
        if (line.size() == 1 && line.getFirst().figure() == Figure.ERROR_RATE) {
            return List.of(line.getFirst(), line.getFirst());
        }
        return line.stream().filter(v -> v.figure() == Figure.THROUGHPUT || v.figure() == Figure.P99).toList();
    }

    static AnswerShare of(List<Section> sections) {
        int comparisons = 0;
        int claimed = 0;
        int same = 0;
        int byFailures = 0;
        int undecided = 0;
        Map<String, Integer> none = new TreeMap<>();
        for (Verdict v : sections.stream().flatMap(s -> s.comparisons().stream()).toList()) {
            comparisons++;
            switch (v.kind()) {
                case BETTER, WORSE, DIFFERENT -> {
                    if (v.figure() == Figure.ERROR_RATE) {
                        byFailures++;
                    } else {
                        claimed++;
                    }
                }
                case SAME -> same++;
                case UNDECIDED -> undecided++;
                case NO_VERDICT -> none.merge(reason(v.text()), 1, Integer::sum);
            }
        }
        return new AnswerShare(comparisons, claimed, same, byFailures, undecided, none);
    }

    int answered() {
        return claimed + same + byFailures;
    }

    AnswerShare plus(AnswerShare other) {
        Map<String, Integer> none = new TreeMap<>(noVerdict);
        other.noVerdict.forEach((k, v) -> none.merge(k, v, Integer::sum));
        return new AnswerShare(comparisons + other.comparisons, claimed + other.claimed, same + other.same,
                byFailures + other.byFailures, undecided + other.undecided, none);
    }

    /** "12 of 20 (60 %)", or "none compared". */
    String share() {
        return comparisons == 0 ? "none compared"
                : String.format(Locale.ROOT, "%d of %d (%.0f %%)", answered(), comparisons, 100.0 * answered() / comparisons);
    }

    /** The reasons for no verdict, most frequent first: "flagged not-steady 6, under 2 trials a side 2". */
    String reasons() {
        return String.join(", ", noVerdict.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " " + e.getValue()).toList());
    }

    int withoutVerdict() {
        return noVerdict.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The reason without its figures, so one reason counts once however many trials each side had. */
    private static String reason(String text) {
        String said = text.startsWith("no verdict: ") ? text.substring("no verdict: ".length()) : text;
        int end = said.indexOf(';');
        said = end < 0 ? said : said.substring(0, end);
        return said.matches("\\d+ and \\d+ trial\\(s\\) give no interval") ? "under 2 trials a side" : said;
    }
}
