package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.SuiteLoader;
import java.io.PrintStream;
import java.util.List;
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
            out.printf("  %-22s %s%s%n", name, suite.description(), String.join("", suite.benchmarks().stream()
                    .map(b -> named(b.name(), b.request(Scale.QUICK).mix().stream().map(r -> new Named(r.name(), r.weight())).toList(),
                            b.request(Scale.QUICK).sequence())).toList()));
        }
        out.println("\nVariants (suites/variants.yaml):");
        catalog.variants().values().forEach(v -> out.printf("  %-22s %s%n", v.name(), v.description()));
        out.println("\nWorkloads (suites/workloads.yaml):");
        catalog.workloads().values().forEach(w -> out.printf("  %-22s %s%s%n", w.name(), w.description(),
                named(null, w.mix().stream().map(r -> new Named(r.name(), r.weight())).toList(), w.sequence())));
        out.println("\nLoad models:");
        for (String[] m : MODELS) {
            out.printf("  %-22s %s%n", m[0], m[1]);
        }
        return 0;
    }

    record Named(String name, int weight) {
    }

    /**
     * A mix's or a sequence's request names, the names its thresholds select them by
     * ({@code p95{request:NAME}}): {@code  [benchmark: mix search 80, create 20]}; empty for one request.
     */
    static String named(String benchmark, List<Named> requests, boolean sequence) {
        if (requests.isEmpty()) {
            return "";
        }
        String names = sequence ? "sequence " + String.join(" → ", requests.stream().map(Named::name).toList())
                : "mix " + String.join(", ", requests.stream().map(r -> r.name() + " " + r.weight()).toList());
        return " [" + (benchmark == null ? "" : benchmark + ": ") + names + "]";
    }
}
