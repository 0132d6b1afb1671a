package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes {@code report.md}, {@code report.html} and {@code charts/*.png} into a results directory,
 * from nothing but the files already there: rendering twice gives the same files.
 */
public final class Report {

    private Report() {
    }

    /** @return the HTML report's path */
    public static Path render(Path dir) {
        ReportContent content = ReportContent.of(WindowShapes.classed(RunResults.read(dir)));
        try {
            Path charts = Files.createDirectories(dir.resolve("charts"));
            for (Section s : content.sections()) {
                for (ChartSpec chart : s.charts()) {
                    if (MarkdownReport.EMBEDDED.stream().anyMatch(chart.id()::endsWith)) {
                        PngCharts.write(chart, charts.resolve(chart.id() + ".png"));
                    }
                }
            }
            write(dir.resolve("report.md"), MarkdownReport.render(content));
            Path html = dir.resolve("report.html");
            write(html, HtmlReport.render(content));
            return html;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void write(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
