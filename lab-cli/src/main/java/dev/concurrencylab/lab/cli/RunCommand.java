package dev.concurrencylab.lab.cli;

import dev.concurrencylab.lab.binding.SuiteException;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.load.OpenFiles;
import dev.concurrencylab.lab.plan.ConnectionBudget;
import dev.concurrencylab.lab.plan.Estimate;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.Planner;
import dev.concurrencylab.lab.plan.TrialCount;
import dev.concurrencylab.lab.report.Report;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.RunProgress;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.RunRules;
import dev.concurrencylab.lab.result.TrialIdentity;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.run.EarlierPart;
import dev.concurrencylab.lab.run.Runner;
import dev.concurrencylab.lab.run.Session;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.result.Published;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.services.WorkDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./lab run}: a suite, planned and run in one session; what to run is {@link RunOptions},
 * shared with {@code capacity}.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a suite end to end: starts the backing services it needs, starts each variant's server,",
                "warms up, measures with Hyperfoil, and writes every trial to the results directory as it ends.",
                "Trials run interleaved (A B C A B C) so drift of a shared machine spreads over all variants."},
        footer = {"", "Examples:",
                "  ./lab run quick                                 the main job (2 trials × 3 variants × 2 benchmarks)",
                "  ./lab run e0-posts --scale full                 E0 with its original stages (90 s per trial)",
                "  ./lab run e0-posts --scale standard --dry-run   what it would run and take; starts nothing",
                "  ./lab run e1-hello --variants mvc-virtual,webflux --trials 5",
                "  ./lab run my-suite.yaml --out /tmp/my-run",
                "  ./lab run quick --export openmetrics exports/ --export junit test-reports/",
                "  ./lab run e0-posts --postgresql-url postgresql://lab:secret@127.0.0.1:5432/lab",
                "", "Results: results/<time>-<suite>/run.json and trials/*.json (+ .hlog histograms, logs/).",
                "", "Exit codes: 0 every trial ran and every threshold was met; 1 a trial failed (server died, engine",
                "error, service died); 2 bad input (unknown suite or variant, malformed YAML, bad option);",
                "3 a threshold of the suite was crossed (thresholds: in the suite, e.g. p95 < 500ms)."})
class RunCommand implements Callable<Integer> {

    @Mixin
    RunOptions options;

    @Mixin
    ExportOptions exports;

    @Spec
    CommandSpec spec;

    @Option(names = "--dry-run", description = "print the trials, their warm-up bounds and windows and the expected duration; start nothing")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        return start(null);
    }

    /**
     * Plans and runs the suite; {@code earlier}, when given, is a run of this very command line cut
     * short in its results directory: its trials are kept and the plan goes on after them ({@code ./lab resume}).
     */
    Integer start(RunResults earlier) throws Exception {
        TrialCount count;
        try {
            count = TrialCount.parse(options.trials);
        } catch (IllegalArgumentException e) {
            throw new SuiteException(e.getMessage());
        }
        Scale chosenScale = Scale.of(options.scale);
        exports.check();
        Catalog catalog = Catalog.load(Lab.home());
        Suite loaded = options.load(catalog);
        List<Variant> chosen = options.chooseVariants(loaded);
        Plan plan = Planner.plan(loaded, chosenScale, count, chosen);
        Optional<PastRuns.Overhead> overhead = PastRuns.overhead(Lab.home().resolve("results"), loaded.name());
        Optional<PastRuns.Windows> windows = PastRuns.windows(Lab.home().resolve("results"), loaded.name(), chosenScale.key());
        Estimate estimate = Estimate.of(plan, windows.map(PastRuns.Windows::bySlot).orElse(Map.of()));
        if (dryRun) {
            DryRun.print(plan, estimate, overhead, windows, System.out);
            return Lab.EXIT_OK;
        }
        if (earlier != null) {
            mayGoOn(earlier, loaded, plan);
        }
        Estimate expected = overhead.map(o -> estimate.withOverhead(o.perLaunch(), o.perTrial())).orElse(estimate);
        if (options.topology().drivers().isEmpty()) {
            // driver hosts hold the connections on machines of their own, each with its own limit
            OpenFiles files = OpenFiles.ofThisProcess();
            fitsOpenFiles(ConnectionBudget.refusal(plan, files), ConnectionBudget.caution(plan, files));
        }
        // Read before anything starts: a bad published file is bad input, not a failed run.
        boolean published = Published.forSuite(catalog.suitesDir(), loaded.name()).isPresent();
        Map<String, String> urls = options.serviceUrls();
        Path dir = earlier != null ? earlier.dir() : options.resultsDir(loaded);
        CpuLayout layout = options.cpuLayout();
        Session session = options.openSession(dir, layout, earlier != null);
        RunInfo fresh = options.info(loaded, chosenScale, plan.trialsPerVariant(), plan.stopping(), plan.trialCount(), chosen, layout,
                RerunLine.of(spec.commandLine().getParseResult()));
        RunInfo info;
        if (earlier == null) {
            info = fresh;
            if (published) {
                Files.copy(Published.file(catalog.suitesDir(), loaded.name()), dir.resolve(RunResults.PUBLISHED_FILE));
            }
            if (plan.trials().isEmpty()) {
                System.out.printf("lab: suite %s at scale %s, %d variant(s): %s%n", loaded.name(), chosenScale.key(), chosen.size(),
                        plan.pairedDescription());
            } else {
                System.out.printf("lab: suite %s at scale %s: %d variant(s) × %d benchmark(s) × %s%d trial(s) = %s%d trials, %s%n",
                        loaded.name(), chosenScale.key(), chosen.size(), plan.trials().stream().map(t -> t.benchmark().name()).distinct().count(),
                        plan.sequential() == null ? "" : "up to ", plan.trialsPerVariant(), plan.sequential() == null ? "" : "up to ",
                        plan.trials().size(), plan.sharesLaunches() ? "on " + (plan.sequential() == null ? "" : "up to ") + plan.launches()
                                + " servers (one per variant and round, its benchmarks in turn)" : "each on a fresh server");
                if (plan.pairing() != null) {
                    System.out.printf("lab: and %s%n", plan.pairedDescription());
                }
            }
        } else {
            String lastEnded = lastEnded(earlier);
            session.resume(earlier.trials());
            // the record stays the run's: what it ran and where it began; the part starting now says where it goes on
            info = earlier.run().resumed(lastEnded, earlier.trials().size(), fresh.platform());
            System.out.printf("lab: resuming suite %s at scale %s: %d of %s%d trials were written, the last at %s; "
                    + "the plan goes on from trial %d, each on a fresh server%n", loaded.name(), chosenScale.key(), earlier.trials().size(),
                    plan.sequential() == null ? "" : "up to ", plan.trialCount(), lastEnded, earlier.trials().size() + 1);
        }
        if (plan.sequential() != null) {
            System.out.println("lab: " + plan.stopping());
        }
        System.out.println("lab: results in " + dir);
        Path work = Files.createTempDirectory("lab-run-");
        Runner.Outcome outcome;
        try {
            outcome = hooked(session, "the trials that finished are kept in " + dir.resolve("trials") + ": ./lab resume " + dir
                    + " goes on from there", () -> new Runner(options.loadDriver(), session).run(plan, info, urls, work, expected));
        } finally {
            removeWork(work);
        }
        if (session.aborting()) {
            return Lab.EXIT_TRIAL_FAILED;
        }
        System.out.printf("lab: done: %d trial(s) written to %s%s%n", outcome.trialsRun(), dir.resolve("trials"),
                outcome.failedTrials() == 0 ? "" : " (" + outcome.failedTrials() + " failed)");
        for (RunRules.ThresholdOutcome t : outcome.crossed()) {
            System.out.printf("lab: threshold crossed: %s on %s, %s (met in %d of %d trials)%n", t.threshold(), t.variant(),
                    t.benchmark(), t.trialsMet(), t.trials());
        }
        report(dir);
        exports.write(dir);
        return outcome.failedTrials() > 0 ? Lab.EXIT_TRIAL_FAILED : outcome.crossed().isEmpty() ? Lab.EXIT_OK : Lab.EXIT_THRESHOLDS;
    }

    /** Refuses a run whose sure connections cannot all be opened here (bad input: nothing has started); warns of a pool that may grow past the limit. */
    static void fitsOpenFiles(Optional<String> refusal, Optional<String> caution) {
        refusal.ifPresent(why -> {
            throw new SuiteException(why);
        });
        caution.ifPresent(why -> System.out.println("lab: warning: " + why));
    }

    /** The services' folder of a run that ended: its data and logs went with the services. */
    static void removeWork(Path work) {
        try {
            WorkDirs.remove(work);
        } catch (IOException e) {
            System.out.println("lab: could not remove the services' folder " + work + ": " + e.getMessage());
        }
    }

    /**
     * Whether the run in {@code earlier} is this plan cut short: the suite's file as it ran, no shared
     * server (a round cut in two would start its next benchmark on a fresh one), and trials 1 to k
     * this plan's first k, a sequential benchmark's rounds stopped where they stopped ({@link EarlierPart}).
     */
    private static void mayGoOn(RunResults earlier, Suite loaded, Plan plan) throws IOException {
        String was = earlier.run().definition().suiteAsRun();
        if (was != null && !was.equals(Files.readString(Path.of(loaded.file())))) {
            throw new SuiteException("suite file " + loaded.file() + " changed since the run in " + earlier.dir()
                    + " began; a resumed run runs the suite as it ran: put the file back as run.json's suiteAsRun has it, or start a new run");
        }
        if (plan.sharesLaunches()) {
            throw new SuiteException("suite " + loaded.name() + " runs a variant's round on one server (launch: per-round), "
                    + "which a resumed run would split; start a new run");
        }
        List<TrialResult> trials = earlier.trials();
        for (int i = 0; i < trials.size(); i++) {
            if (trials.get(i).identity().number() != i + 1) {
                throw new SuiteException("the trials in " + earlier.dir().resolve("trials") + " are not numbered 1 to " + trials.size()
                        + " (the " + (i + 1) + ". is trial " + trials.get(i).identity().number() + "); start a new run");
            }
        }
        try {
            EarlierPart.of(plan, trials.stream().map(TrialResult::identity).toList());
        } catch (SuiteException notThisPlan) {
            // the first part's: a run's plan is its first part's, whichever lab tried to go on with it since
            String commit = earlier.run().progress().parts() == null ? earlier.run().platform().gitCommit()
                    : earlier.run().progress().parts().getFirst().gitCommit();
            throw new SuiteException(notThisPlan.getMessage() + ": the run was made by another plan"
                    + (commit == null ? "" : " (lab at " + commit + "); resume it from a clone at that commit") + ", or start a new run");
        }
    }

    /** When the run's last part ended: as its record says, or, when the lab was killed before it could, its newest trial file. */
    private static String lastEnded(RunResults earlier) throws IOException {
        RunProgress progress = earlier.run().progress();
        if (progress.finished() != null && (progress.parts() == null || progress.parts().getLast().finished() != null)) {
            return progress.finished();
        }
        FileTime newest = null;
        try (var files = Files.list(earlier.dir().resolve("trials"))) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".json")).toList()) {
                FileTime t = Files.getLastModifiedTime(f);
                newest = newest == null || t.compareTo(newest) > 0 ? t : newest;
            }
        }
        // a part killed before it wrote a trial ended after it began, not at the part before's last trial
        String began = progress.parts() == null ? progress.started() : progress.parts().getLast().started();
        return newest == null || newest.toInstant().isBefore(Instant.parse(began)) ? began : newest.toInstant().toString();
    }

    /**
     * Runs {@code body} with a shutdown hook that stops every child the session started, however the JVM ends,
     * and then says {@code kept}: the hook's own last line, as the JVM halts once it is done (the trials' thread
     * may not get to print, nor a report be rendered).
     */
    static <T> T hooked(Session session, String kept, Supplier<T> body) {
        Thread hook = new Thread(() -> {
            session.abort();
            System.out.println("lab: stopped; " + kept);
        }, "lab-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        T result = body.get();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ending) {
            // The JVM is ending (SIGTERM, Ctrl-C) and the hook is at work: the body returned because of it, and
            // the lab's last line is the hook's, not "IllegalStateException: Shutdown in progress" (seen so).
        }
        return result;
    }

    /** Writes both reports into the results directory and says where they are. */
    static void report(Path dir) {
        Path html = Report.render(dir);
        System.out.println("lab: report: " + dir.resolve("report.md") + " · open " + html + " in a browser");
    }

}
