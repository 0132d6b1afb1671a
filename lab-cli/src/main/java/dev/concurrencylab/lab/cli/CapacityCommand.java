package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.capacity.CapacityResults;
import dev.concurrencylab.lab.capacity.CapacitySearch;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.load.OpenFiles;
import dev.concurrencylab.lab.plan.CapacityPlan;
import dev.concurrencylab.lab.plan.ConnectionBudget;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.run.CapacityRunner;
import dev.concurrencylab.lab.run.Session;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "capacity", mixinStandardHelpOptions = true,
        description = {"Finds, per variant, the highest open-model arrival rate that meets the suite's latency objective",
                "(default: p99 ≤ 100 ms, errors ≤ 0.1 %, checks passing, driver not the limit): steps rising by 25 %",
                "to the first miss, then steps between the highest pass and the lowest miss. Every step is warmed up,",
                "measured and written as a trial; capacity.json says how each search ended, never a number without it."},
        footer = {"", "Examples:",
                "  ./lab capacity capacity-delay                  /delay?ms=100 on mvc-platform, mvc-virtual, webflux",
                "  ./lab capacity capacity-posts --scale standard --variants mvc-virtual,webflux",
                "  ./lab capacity capacity-posts --target-rate 5000 --headroom 30 --price-per-month 70",
                "", "A capacity suite has a capacity: block (start-rate, growth, max-rate, close-enough, max-steps,",
                "slo: {p99, max-error-rate}); its first benchmark's open-rate load gives each step's length."})
final class CapacityCommand implements Callable<Integer> {

    @Mixin
    RunOptions options;

    @Spec
    CommandSpec spec;


    @Option(names = "--target-rate", paramLabel = "REQ/S", description = "the rate your service must carry: the report says how many instances of each variant that takes")
    Double targetRate;

    @Option(names = "--headroom", paramLabel = "PERCENT", defaultValue = "30", description = "capacity each instance keeps spare (default: ${DEFAULT-VALUE})")
    double headroom;

    @Option(names = "--price-per-month", paramLabel = "PRICE", description = "one instance's monthly price: the report adds the monthly cost")
    Double price;

    @Override
    public Integer call() throws Exception {
        if (options.trials != null) {
            throw new SuiteException("--trials does not apply to capacity: each variant's search runs its own steps");
        }
        if (targetRate != null && targetRate <= 0 || headroom < 0 || headroom >= 100 || price != null && price < 0) {
            throw new SuiteException("--target-rate must be above 0, --headroom from 0 to below 100, --price-per-month not negative");
        }
        if (targetRate == null && price != null) {
            throw new SuiteException("--price-per-month needs --target-rate");
        }
        CapacityResults.Cost cost = targetRate == null ? null : new CapacityResults.Cost(targetRate, headroom, price);
        Scale chosenScale = Scale.of(options.scale);
        Suite loaded = options.load(Catalog.load(Lab.home()));
        if (loaded.capacity() == null) {
            throw new SuiteException("suite " + loaded.name() + " has no capacity: block; try capacity-delay or capacity-posts");
        }
        List<Variant> chosen = options.chooseVariants(loaded);
        CapacityPlan plan = CapacityPlan.of(loaded, chosenScale, chosen);
        if (options.topology().drivers().isEmpty()) {
            OpenFiles files = OpenFiles.ofThisProcess();
            RunCommand.fitsOpenFiles(ConnectionBudget.refusal(plan, files), ConnectionBudget.caution(plan, files));
        }
        Map<String, String> urls = options.serviceUrls();
        Path dir = options.resultsDir(loaded);
        CpuLayout layout = options.cpuLayout();
        Session session = options.openSession(dir, layout);
        RunInfo info = options.info(loaded, chosenScale, 1, "capacity search: steps until each variant's capacity is bracketed", plan.maxTrials(), chosen, layout,
                RerunLine.of(spec.commandLine().getParseResult()));
        System.out.printf("lab: capacity of %s at scale %s for %d variant(s); results in %s%n", loaded.name(), chosenScale.key(),
                chosen.size(), dir);
        Path work = Files.createTempDirectory("lab-capacity-");
        Map<String, CapacitySearch.Result> results;
        try {
            results = RunCommand.hooked(session, "the steps that finished are kept in " + dir.resolve("trials"),
                    () -> new CapacityRunner(options.loadDriver(), session).run(plan, info, urls, work, cost));
        } finally {
            RunCommand.removeWork(work);
        }
        if (session.aborting()) {
            return Lab.EXIT_TRIAL_FAILED;
        }
        results.forEach((variant, r) -> System.out.println("lab: capacity of " + variant + ": " + CapacityRunner.describe(r)));
        RunCommand.report(dir);
        return results.values().stream().allMatch(r -> r.steps().isEmpty()) ? Lab.EXIT_TRIAL_FAILED : Lab.EXIT_OK;
    }
}
