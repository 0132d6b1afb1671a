package dev.concurrencylab.lab.report;

import java.util.List;
import java.util.Map;

/** {@code report.md}: tables, verdicts and the key charts as PNGs beside it, readable on a code-hosting site. */
final class MarkdownReport {

    /** Charts the Markdown embeds, by the suffix of their id. */
    static final List<String> EMBEDDED = List.of("-throughput-bars", "-p99-bars", "-percentiles", "-knee", "-by-users");

    private MarkdownReport() {
    }

    static String render(ReportContent c) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(c.title()).append("\n\n").append(c.summary()).append("\n\n");
        // docs/runs keeps a run's report.md but not its report.html, which the same files give again: say how to get it.
        md.append("The HTML report beside this file (`report.html`, which `./lab report` writes again from this directory's files) ")
                .append("has every chart, including per-second series.\n\n");
        for (Section s : c.sections()) {
            md.append("## ").append(s.benchmark()).append("\n\n");
            md.append("Load: ").append(s.load()).append(".");
            if (!s.tableSource().isEmpty()) {
                md.append(" Columns as ").append(s.tableSource()).append(" published them.");
            }
            md.append("\n\n");
            for (Table t : s.tables()) {
                if (!t.title().isEmpty()) {
                    md.append("\n**").append(t.title()).append("**\n\n");
                }
                table(md, t.headings(), t.rows());
                if (t.note() != null) {
                    md.append("\n").append(t.note()).append("\n");
                }
            }
            if (!s.verdicts().isEmpty()) {
                md.append("\n**Against ").append(c.base()).append("** (").append(s.verdictRule()).append("):\n\n");
                s.verdicts().forEach(v -> md.append("- ").append(v).append("\n"));
            }
            if (!s.why().isEmpty()) {
                md.append("\n**Why** (").append(ReportContent.WHY_NOTE).append("):\n\n");
                s.why().forEach(v -> md.append("- ").append(v).append("\n"));
            }
            md.append("\n");
            for (ChartSpec chart : s.charts()) {
                if (EMBEDDED.stream().anyMatch(chart.id()::endsWith)) {
                    md.append("![").append(chart.title()).append("](charts/").append(chart.id()).append(".png)\n");
                }
            }
            md.append("\n");
        }
        if (!c.flagsExplained().isEmpty()) {
            md.append("## Flags\n\n");
            c.flagsExplained().forEach((k, v) -> md.append("- **").append(k).append("**: ").append(v).append("\n"));
            md.append("\nFlags about the driver or the machine void every verdict they touch; flags about the server are results.\n\n");
        }
        md.append("## Environment\n\n");
        for (Map.Entry<String, String> e : c.environment().entrySet()) {
            md.append("- **").append(e.getKey()).append("**: ")
                    .append((e.getKey().equals("re-run") || e.getKey().equals("ran as")) ? "`" + e.getValue() + "`" : e.getValue()).append("\n");
        }
        return md.toString();
    }

    static void table(StringBuilder md, List<String> headings, List<List<String>> rows) {
        md.append("| ").append(String.join(" | ", headings)).append(" |\n");
        md.append("|").append("---|".repeat(headings.size())).append("\n");
        for (List<String> row : rows) {
            md.append("| ").append(String.join(" | ", row.stream().map(x -> x.replace("|", "\\|")).toList())).append(" |\n");
        }
    }
}
