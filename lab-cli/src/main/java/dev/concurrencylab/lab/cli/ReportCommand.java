package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.report.Report;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Writes report.md and report.html (with charts/*.png) into a results directory, from its files alone.",
                "./lab run does this at the end of every run; use this to re-render an old or interrupted run."},
        footer = {"", "Examples:",
                "  ./lab report results/20261121-101500-quick",
                "  ./lab report results/20261121-101500-quick --export openmetrics /tmp/om --export junit test-reports/",
                "  xdg-open results/20261121-101500-quick/report.html     (one file, works offline)"})
final class ReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", description = "a results directory written by ./lab run")
    Path dir;

    @Mixin
    ExportOptions exports;

    @Override
    public Integer call() {
        exports.check();
        Path html = Report.render(dir);
        System.out.println("lab: report: " + dir.resolve("report.md") + " and " + html);
        exports.write(dir);
        return 0;
    }
}
