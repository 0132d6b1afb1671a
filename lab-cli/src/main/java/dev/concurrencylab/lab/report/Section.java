package dev.concurrencylab.lab.report;

import java.util.List;

/** One benchmark: its tables, verdicts and charts. The first table is the experiment's own. */
public record Section(String benchmark, String load, String tableSource, List<Table> tables, String verdictRule,
        List<String> verdicts, List<String> why, List<ChartSpec> charts) {
}
