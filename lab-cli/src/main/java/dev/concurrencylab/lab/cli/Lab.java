package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.services.ServiceException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code ./lab}: the Spring Concurrency Lab's command line. */
@Command(name = "lab", mixinStandardHelpOptions = true, version = "Spring Concurrency Lab 0.1",
        description = {"Compares Spring MVC on platform threads, Spring MVC on virtual threads and Spring WebFlux",
                "with real backing services, a real load engine (Hyperfoil) and honest measurement.", ""},
        subcommands = {RunCommand.class, ResumeCommand.class, CapacityCommand.class, ReportCommand.class, FindingsCommand.class, CompareCommand.class, ListCommand.class, DoctorCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Examples:", "  ./lab run quick                      the main job: ~4 minutes on 2 cores",
                "  ./lab run e0-posts --scale standard --trials 5",
                "  ./lab resume results/20261125-230239-e3-post-kafka   go on with a run cut short",
                "  ./lab list", "  ./lab doctor", "  ./lab help run",
                "", "Exit codes: 0 all trials ran and thresholds were met; 1 a trial failed; 2 bad input;",
                "3 a suite's threshold was crossed. CI pipelines can gate on them."})
public final class Lab implements Runnable {

    /** Every trial ran and every threshold was met. */
    static final int EXIT_OK = 0;
    /** A trial failed: the server died, the engine failed, a service died. */
    static final int EXIT_TRIAL_FAILED = 1;
    /** Bad input: unknown suite or variant, malformed YAML, a bad option. */
    static final int EXIT_BAD_INPUT = 2;
    /** The run completed but a threshold of the suite was crossed (k6 also exits apart for this). */
    static final int EXIT_THRESHOLDS = 3;

    /** The repository root: suites, catalogs and jars are found from here. */
    static Path home() {
        return Path.of(System.getProperty("lab.home", ".")).toAbsolutePath().normalize();
    }

    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code: 0 done, 1 a trial failed, 2 bad input, 3 thresholds crossed. */
    public static int execute(String... args) {
        return execute(null, args);
    }

    /** As {@link #execute(String...)}, its error lines to {@code err} (a test's own), or to System.err when null. */
    static int execute(java.io.PrintWriter err, String... args) {
        CommandLine cli = new CommandLine(new Lab());
        if (err != null) {
            cli.setErr(err);
        }
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof SuiteException || e instanceof CommandLine.ParameterException || e instanceof IllegalArgumentException) {
                cmd.getErr().println("lab: " + e.getMessage());
                return EXIT_BAD_INPUT;
            }
            if (e instanceof ServiceException || e instanceof dev.concurrencylab.lab.sut.SutException || e instanceof dev.concurrencylab.lab.hosts.HostException) {
                cmd.getErr().println("lab: " + e.getMessage());
                return EXIT_TRIAL_FAILED;
            }
            cmd.getErr().println("lab: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return EXIT_TRIAL_FAILED;
        });
        cli.setParameterExceptionHandler((e, a) -> {
            String command = e.getCommandLine().getCommandName().replace("lab", "").strip();
            e.getCommandLine().getErr().println("lab: " + e.getMessage() + " (try ./lab " + (command.isEmpty() ? "" : command + " ") + "--help)");
            return EXIT_BAD_INPUT;
        });
        return cli.execute(args);
    }
}
