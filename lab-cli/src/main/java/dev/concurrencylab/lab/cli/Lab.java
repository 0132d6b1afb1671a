package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.suite.SuiteException;
import dev.concurrencylab.services.ServiceException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./lab}: the Spring Concurrency Lab's command line. */
@Command(name = "lab", mixinStandardHelpOptions = true, version = "Spring Concurrency Lab 0.1",
        description = {"Compares Spring MVC on platform threads, Spring MVC on virtual threads and Spring WebFlux",
                "with real backing services, a real load engine (Hyperfoil) and honest measurement.", ""},
        subcommands = {RunCommand.class, CapacityCommand.class, ReportCommand.class, CompareCommand.class, ListCommand.class, DoctorCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Examples:", "  ./lab run quick                      the main job: ~4 minutes on 2 cores",
                "  ./lab run e0-posts --scale standard --trials 5",
                "  ./lab list", "  ./lab doctor", "  ./lab help run"})
public final class Lab implements Runnable {

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

    /** Runs a command line and returns its exit code: 0 done, 1 a run failed, 2 bad input. */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new Lab());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof SuiteException || e instanceof CommandLine.ParameterException || e instanceof IllegalArgumentException) {
                cmd.getErr().println("lab: " + e.getMessage());
                return 2;
            }
            if (e instanceof ServiceException || e instanceof dev.concurrencylab.lab.sut.SutException) {
                cmd.getErr().println("lab: " + e.getMessage());
                return 1;
            }
            cmd.getErr().println("lab: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return 1;
        });
        cli.setParameterExceptionHandler((e, a) -> {
            e.getCommandLine().getErr().println("lab: " + e.getMessage() + " (try ./lab " + e.getCommandLine().getCommandName().replace("lab", "").strip() + " --help)");
            return 2;
        });
        return cli.execute(args);
    }
}
