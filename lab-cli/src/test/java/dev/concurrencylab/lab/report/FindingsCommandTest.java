package dev.concurrencylab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.cli.Lab;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab findings}: lab-report's findings, written by the command line. */
class FindingsCommandTest {

    @TempDir
    Path tmp;

    @Test
    void theCommandWritesTheFileWhole() throws IOException {
        Path dir = FinishedRuns.e0Posts(tmp, "20261123-100000-e0-posts", "2026-11-23T10:00:00Z", null, 14_000, 14_100, 14_200);
        Path out = tmp.resolve("docs/findings.md");

        int code = Lab.execute("findings", dir.toString(), "--out", out.toString());

        assertThat(code).isZero();
        assertThat(Files.readString(out)).isEqualTo(Findings.render(List.of(dir)));
        assertThat(Files.list(out.getParent())).as("no temporary file left").containsExactlyInAnyOrder(out, out.resolveSibling("images"));
        assertThat(out.resolveSibling(DecisionTable.CHART)).as("the decision table's chart beside it").isRegularFile();
    }
}
