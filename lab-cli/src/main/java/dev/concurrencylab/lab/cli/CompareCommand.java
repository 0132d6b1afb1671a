package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.report.Comparison;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Puts two runs side by side: each variant's figures in run A and in run B, and whether B differs",
                "from A by more than the trials' spread. For \"did our upgrade, or the switch to virtual threads, help?\"."},
        footer = {"", "Examples:",
                "  ./lab compare results/20261120-090000-e0-posts results/20261121-090000-e0-posts",
                "  ./lab compare OLD NEW --out comparison.md"})
final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN_A", description = "the results directory to compare against (the base)")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN_B", description = "the results directory to compare")
    Path b;

    @Option(names = "--out", paramLabel = "FILE", description = "write the comparison (Markdown) here instead of printing it")
    Path out;

    @Override
    public Integer call() throws Exception {
        String md = Comparison.markdown(WindowShapes.classed(RunResults.read(a)), WindowShapes.classed(RunResults.read(b)));
        if (out == null) {
            System.out.print(md);
        } else {
            Files.writeString(out, md);
            System.out.println("lab: comparison written to " + out);
        }
        return 0;
    }
}
