package dev.concurrencylab.lab.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.cli.Lab;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab report --export}: lab-report's exports, asked for on the command line. */
class ReportExportTest {

    @TempDir
    Path tmp;

    @Test
    void reportExportsAFinishedDirectoryAndRefusesAnUnknownFormatBeforeWritingAnything() throws Exception {
        Path dir = ExportedRun.write(tmp, ExportedRun.trial(1, "mvc-platform", true),
                ExportedRun.failingStatus(ExportedRun.trial(2, "mvc-virtual", false), 10), ExportedRun.failed(3, "webflux"),
                ExportedRun.failed(4, "mvc-virtual"));
        Path xml = Export.JUNIT.write(dir, tmp.resolve("reports"));
        Path out = tmp.resolve("from-report");

        assertThat(Lab.execute("report", dir.toString(), "--export", "junit", out.toString(), "--export", "openmetrics", out.toString()))
                .isZero();
        assertThat(Files.readString(out.resolve(xml.getFileName()))).isEqualTo(Files.readString(xml));
        assertThat(out.resolve("20261124-144340-own-app.om.txt")).isRegularFile();

        Path other = tmp.resolve("other");
        assertThat(Lab.execute("report", dir.toString(), "--export", "prometheus", other.toString())).isEqualTo(2);
        assertThat(other).doesNotExist();
    }
}
