package dev.concurrencylab.lab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.concurrencylab.lab.result.ResultStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code report.html}: one self-contained page that works offline. Chart.js comes from its pinned
 * WebJar and is inlined, as is the data of every chart.
 */
final class HtmlReport {

    private static final String CHART_JS = "/META-INF/resources/webjars/chart.js/4.4.1/dist/chart.umd.js";

    private HtmlReport() {
    }

    static String render(ReportContent c) {
        StringBuilder h = new StringBuilder();
        h.append("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(esc(c.title()))
                .append("</title>\n<style>").append(STYLE).append("</style>\n<script>").append(chartJs())
                .append("</script>\n</head><body>\n<h1>").append(esc(c.title())).append("</h1>\n<p>").append(esc(c.summary()))
                .append("</p>\n");
        List<ChartSpec> all = new ArrayList<>();
        for (Section s : c.sections()) {
            h.append("<section><h2>").append(esc(s.benchmark())).append("</h2>\n<p>Load: ").append(esc(s.load())).append(".");
            if (!s.tableSource().isEmpty()) {
                h.append(" Columns as ").append(esc(s.tableSource())).append(" published them.");
            }
            h.append("</p>\n");
            for (Table t : s.tables()) {
                if (!t.title().isEmpty()) {
                    h.append("<h3>").append(esc(t.title())).append("</h3>\n");
                }
                h.append("<table><thead><tr>");
                t.headings().forEach(x -> h.append("<th>").append(esc(x)).append("</th>"));
                h.append("</tr></thead><tbody>\n");
                for (List<String> row : t.rows()) {
                    h.append("<tr>");
                    for (int i = 0; i < row.size(); i++) {
                        boolean flags = i == t.flagged() && !row.get(i).isEmpty();
                        h.append(flags ? "<td class=\"flag\">⚑ " : "<td>").append(esc(row.get(i))).append("</td>");
                    }
                    h.append("</tr>\n");
                }
                h.append("</tbody></table>\n");
                if (t.note() != null) {
                    h.append("<p class=\"note\">").append(esc(t.note())).append("</p>\n");
                }
            }
            if (!s.verdicts().isEmpty()) {
                h.append("<p><b>Against ").append(esc(c.base())).append("</b> (").append(esc(s.verdictRule())).append("):</p>\n<ul>");
                s.verdicts().forEach(v -> h.append("<li>").append(esc(v)).append("</li>"));
                h.append("</ul>\n");
            }
            if (!s.why().isEmpty()) {
                h.append("<p><b>Why</b> (").append(esc(ReportContent.WHY_NOTE)).append("):</p>\n<ul>");
                s.why().forEach(v -> h.append("<li>").append(esc(v)).append("</li>"));
                h.append("</ul>\n");
            }
            h.append("<div class=\"charts\">");
            for (ChartSpec chart : s.charts()) {
                h.append("<figure><canvas id=\"").append(esc(chart.id())).append("\"></canvas></figure>");
                all.add(chart);
            }
            h.append("</div></section>\n");
        }
        if (!c.flagsExplained().isEmpty()) {
            h.append("<h2>Flags</h2><ul>");
            c.flagsExplained().forEach((k, v) -> h.append("<li><b>").append(esc(k)).append("</b>: ").append(esc(v)).append("</li>"));
            h.append("</ul><p>Flags about the driver or the machine void every verdict they touch; flags about the server are results.</p>\n");
        }
        h.append("<h2>Environment</h2><dl>");
        for (Map.Entry<String, String> e : c.environment().entrySet()) {
            h.append("<dt>").append(esc(e.getKey())).append("</dt><dd>")
                    .append((e.getKey().equals("re-run") || e.getKey().equals("ran as")) ? "<code>" + esc(e.getValue()) + "</code>" : esc(e.getValue())).append("</dd>");
        }
        h.append("</dl>\n<script>const CHARTS = ").append(json(all).replace("</", "<\\/")).append(";\n").append(SCRIPT)
                .append("</script>\n</body></html>\n");
        return h.toString();
    }

    private static String json(Object o) {
        try {
            return ResultStore.JSON.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String chartJs() {
        try (InputStream in = HtmlReport.class.getResourceAsStream(CHART_JS)) {
            if (in == null) {
                throw new IllegalStateException("Chart.js is missing from the classpath (" + CHART_JS + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}
            table{border-collapse:collapse;margin:1em 0;font-size:.9em}th,td{border:1px solid #ccc;padding:.3em .5em;text-align:right}
            th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}td.flag{color:#b35900;text-align:left}
            .charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(380px,1fr));gap:1em}figure{margin:0;height:320px;position:relative}
            .note{color:#666;font-size:.9em}dt{font-weight:bold;margin-top:.4em}dd{margin-left:1em}code{background:#f3f3f3;padding:0 .3em}
            """;

    /** Draws every chart of CHARTS; records in the page how many were drawn and any error, for tests and readers. */
    private static final String SCRIPT = """
            window.addEventListener('error', e => { document.body.dataset.errors = (document.body.dataset.errors || '') + e.message + ';'; });
            const percentile = x => { const p = 100 * (1 - 1 / x); return (Math.round(p * 1000) / 1000) + '%'; };
            let drawn = 0;
            for (const c of CHARTS) {
              const el = document.getElementById(c.id);
              const title = { display: true, text: c.title };
              let config;
              if (c.kind === 'bars') {
                const s = c.series[0];
                config = { type: 'bar', data: { labels: c.categories, datasets: [
                    { label: 'median', data: s.points.map(p => p[0]), backgroundColor: '#4e79a7' },
                    { label: 'min–max over trials', data: s.points.map(p => [p[1], p[2]]), backgroundColor: '#f28e2b', barPercentage: 0.25 }] },
                  options: { animation: false, maintainAspectRatio: false, plugins: { title }, scales: { x: { stacked: true }, y: { beginAtZero: true, title: { display: true, text: c.yLabel } } } } };
              } else {
                const log = c.kind === 'percentiles';
                config = { type: 'line', data: { datasets: c.series.map(s => ({ label: s.name, data: s.points.map(p => ({ x: p[0], y: p[1] })), pointRadius: log || s.points.length < 3 ? 3 : 0, borderWidth: 1.5 })) },
                  options: { animation: false, maintainAspectRatio: false, plugins: { title, legend: { labels: { boxWidth: 12 } } },
                    scales: { x: { type: log ? 'logarithmic' : 'linear', title: { display: true, text: c.xLabel }, ticks: log ? { callback: v => Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? percentile(v) : '' } : {} },
                              y: { beginAtZero: true, title: { display: true, text: c.yLabel } } } } };
              }
              new Chart(el, config);
              drawn++;
            }
            document.body.dataset.chartsDrawn = drawn;
            document.body.dataset.charts = CHARTS.length;
            """;
}
