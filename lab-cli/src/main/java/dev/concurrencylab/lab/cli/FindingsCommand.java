package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.report.Findings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "findings", mixinStandardHelpOptions = true,
        description = {"Writes the lab's own write-up (docs/findings.md) from results directories alone:",
                "the answer per kind of work, with its A/A line, machine and when another run reads it otherwise,",
                "the originals' claims beside ours, the runs with links to their reports, and what the machine limited;",
                "the decision table's chart goes to images/ beside the file. The same directories give the same file."},
        footer = {"", "Examples:",
                "  ./lab findings docs/runs/*                      re-render docs/findings.md from the runs kept in the repo",
                "  ./lab findings results/20261124-* --out /tmp/findings.md"})
final class FindingsCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "results directories written by ./lab run")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write it (default: docs/findings.md in the lab's folder)")
    Path out;

    @Override
    public Integer call() {
        String text = Findings.render(dirs);
        if (out == null) {
            out = Lab.home().resolve("docs/findings.md");
        }
        try {
            Path parent = out.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            // Written whole and then moved, so an interrupted render never leaves half a write-up.
            Path tmp = Files.createTempFile(parent, ".findings", ".md");
            Files.writeString(tmp, text);
            Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            Findings.writeChart(dirs, out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
        System.out.println("lab: findings from " + dirs.size() + " run(s): " + out);
        return 0;
    }
}
