package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.verdict.WindowShapes;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code ./lab resume}: a run cut short goes on in its own results directory, with the command line
 * run.json recorded for it. The trials it wrote stay as they are; the plan is walked again from its
 * start and goes on after them, so a run longer than one sitting is still one run with one report.
 */
@Command(name = "resume", mixinStandardHelpOptions = true,
        description = {"Goes on with a run that was cut short (Ctrl-C, a kill, a crash, the machine's end), in its results",
                "directory: the same suite file, scale and options as run.json records, the trials already written",
                "kept, and the rest of the plan run after them. run.json then lists each part: when it ran, on which",
                "commit and CPU, and how many trials it had written; the wall time is the sum of the parts."},
        footer = {"", "Examples:",
                "  ./lab resume results/20261125-230239-e3-post-kafka",
                "", "A suite whose file changed since, a suite that runs a round on one server (launch: per-round),",
                "a run given a service URL with a password (run.json hides it) and a capacity search are refused.",
                "Exit codes as ./lab run's, for the whole run."})
final class ResumeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", description = "the results directory of the run to go on with")
    Path dir;

    @Override
    public Integer call() throws Exception {
        RunResults earlier = WindowShapes.classed(RunResults.read(dir));
        String status = earlier.run().progress().status();
        if (status != null && status.startsWith("complete")) {
            throw new IllegalArgumentException("the run in " + dir + " is " + status + ": there is nothing to resume");
        }
        String command = earlier.run().definition().command();
        List<String> words = command == null ? List.of() : RerunLine.words(command);
        if (words.size() < 3 || !words.get(0).equals("./lab") || !words.get(1).equals("run")) {
            throw new IllegalArgumentException("the run in " + dir + " was not made by ./lab run, so it cannot be resumed: " + command);
        }
        if (command.contains(":****@")) {
            throw new IllegalArgumentException("the run in " + dir + " used a service URL with a password, which run.json keeps hidden; "
                    + "it cannot be resumed: start a new run");
        }
        RunCommand run = new RunCommand();
        new CommandLine(run).parseArgs(words.subList(2, words.size()).toArray(String[]::new));
        return run.start(earlier);
    }
}
