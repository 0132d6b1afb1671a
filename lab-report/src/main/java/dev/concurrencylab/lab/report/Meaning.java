package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.verdict.FailureRates;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the decision table's answer to a kind of work means for a choice, said from its throughput, p99 and failure cells. */
final class Meaning {

    private Meaning() {
    }

    /** One sentence per kind of work: which stack the table favours, on which figures, or that none. */
    static String of(DecisionTable.Question q, List<DecisionTable.Row> rows) {
        List<String> said = new ArrayList<>();
        for (DecisionTable.Row row : rows) {
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
                String figure = v.figure().label() + " " + DecisionTable.two(v.interval() == null ? Double.NaN : v.interval().ratio()) + "×";
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

    static String capitalised(String s) {
        return s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

}
