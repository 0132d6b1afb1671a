package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the suites, variants, workloads and load models, each with one line on what it is.",
        footer = {"", "Example:", "  ./lab list"})
final class ListCommand implements Callable<Integer> {

    static final String[][] MODELS = {
            {"closed-stages", "k6-style ramping users, no think time (E0); hides queueing delay"},
            {"users-x-requests", "N users each send M requests back to back (Gatling, E1)"},
            {"count-x-concurrency", "exactly N requests, C at a time (ApacheBench -n -c, E2)"},
            {"burst", "N requests sent at once (JMeter, E4)"},
            {"max-rate", "N workers as fast as answers come (vegeta -rate=0 -max-workers, E3)"},
            {"open-rate", "a constant arrival rate on a clock; queueing shows up as latency"},
            {"open-ramp", "an arrival rate rising linearly from one rate to another"}};

    @Override
    public Integer call() {
        Catalog catalog = Catalog.load(Lab.home());
        PrintStream out = System.out;
        out.println("Suites (./lab run NAME):");
        SuiteLoader loader = new SuiteLoader(catalog);
        for (String name : catalog.suiteNames()) {
            Suite suite = loader.load(name);
            out.printf("  %-22s %s%n", name, suite.description());
        }
        out.println("\nVariants (suites/variants.yaml):");
        catalog.variants().values().forEach(v -> out.printf("  %-22s %s%n", v.name(), v.description()));
        out.println("\nWorkloads (suites/workloads.yaml):");
        catalog.workloads().values().forEach(w -> out.printf("  %-22s %s%n", w.name(), w.description()));
        out.println("\nLoad models:");
        for (String[] m : MODELS) {
            out.printf("  %-22s %s%n", m[0], m[1]);
        }
        return 0;
    }
}
