package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.verdict.Verdict;
import java.util.List;

/**
 * One benchmark: its tables, verdicts and charts. The first table is the experiment's own.
 *
 * @param comparisons the throughput and p99 verdicts behind {@code verdicts}' lines; where failures decided a line,
 *                    its failure verdict stands once for each of the two: what {@link AnswerShare} counts
 */
public record Section(String benchmark, String load, String tableSource, List<Table> tables, String verdictRule,
        List<String> verdicts, List<Verdict> comparisons, List<String> why, List<ChartSpec> charts) {
}
