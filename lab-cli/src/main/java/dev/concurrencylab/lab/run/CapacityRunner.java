package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.capacity.CapacityResults;
import dev.concurrencylab.lab.capacity.CapacitySearch;
import dev.concurrencylab.lab.capacity.Slo;
import dev.concurrencylab.lab.hosts.HostException;
import dev.concurrencylab.lab.load.ErrorClass;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.plan.CapacityPlan;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.RunInfo;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.WindowCounts;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Searches each variant's capacity under an objective in a session: one server per variant (a
 * fresh one after a step that broke it), one trial per step, each written as it ends; the
 * searches' outcomes go to {@code capacity.json}.
 */
public final class CapacityRunner {

    private final LoadDriver driver;
    private final Session session;

    public CapacityRunner(LoadDriver driver, Session session) {
        this.driver = driver;
        this.session = session;
    }

    /** @return variant → how its search ended */
    public Map<String, CapacitySearch.Result> run(CapacityPlan plan, RunInfo info, Map<String, String> serviceUrls, Path work,
            CapacityResults.Cost cost) {
        TrialExecutor executor = new TrialExecutor(driver, session, plan.suite().rules());
        Progress progress = session.progress(plan.maxTrials());
        Map<String, CapacitySearch.Result> results = new LinkedHashMap<>();
        List<Variant> variants = plan.variants();
        session.within(plan.suite().servicesFor(variants), info, serviceUrls, work, progress, () -> {
            int[] number = {0};
            for (int v = 0; v < variants.size() && !session.aborting(); v++) {
                Variant variant = variants.get(v);
                VariantServer server = new VariantServer(variant, v + 1, variants.size(), progress, plan.suite().servicesGivenTo(variant));
                if (!server.start()) {
                    results.put(variant.name(), new CapacitySearch.Result(CapacitySearch.Outcome.INVALID, null, null, List.of()));
                    continue;
                }
                try {
                    int[] stepNumber = {0};
                    CapacitySearch.Result result = plan.search().run(plan.slo(), rate -> {
                        ending();
                        stepNumber[0]++;
                        if (server.broken()) {
                            progress.note(String.format("lab: %s: a fresh server for step %d (the last step broke its server)",
                                    variant.name(), stepNumber[0]));
                            if (!server.start()) {
                                return new Slo.Step(rate, 0, Double.NaN, Double.POSITIVE_INFINITY, 1, 0, false, Double.POSITIVE_INFINITY,
                                        server.launches);
                            }
                        }
                        boolean fresh = server.fresh;
                        TrialResult t = executor.run(server.sut, plan.trial(++number[0], variant, stepNumber[0], rate, fresh), fresh, progress);
                        // a step the lab's own end cut short measured nothing: neither it nor the search's outcome is written
                        ending();
                        server.measured(t);
                        return asStep(rate, t, server.launches);
                    });
                    results.put(variant.name(), result);
                    session.store().writeCapacity(new CapacityResults(plan.slo(), results, cost));
                    progress.note(String.format("lab: %s: %s", variant.name(), describe(result)));
                } catch (Ending e) {
                    break;
                } finally {
                    server.stop();
                }
            }
            return 0;
        });
        return results;
    }

    /** Thrown out of a search once the lab is ending (a signal, Ctrl-C): its remaining steps are not run. */
    private static final class Ending extends RuntimeException {
        Ending() {
            super("the lab is ending", null, false, false);
        }
    }

    private void ending() {
        if (session.aborting()) {
            throw new Ending();
        }
    }

    /**
     * A variant's server through its search: one launch, and another after a step that broke it, so
     * one broken step does not decide the next.
     */
    private final class VariantServer {
        private final Variant variant;
        private final int order;
        private final int of;
        private final Progress progress;
        private final java.util.function.Predicate<String> given;
        RunningSut sut;
        int launches;
        /** No step has run on this launch yet: its warm-up also warms the JVM. */
        boolean fresh;

        /** @param given the services whose properties the server gets */
        VariantServer(Variant variant, int order, int of, Progress progress, java.util.function.Predicate<String> given) {
            this.variant = variant;
            this.given = given;
            this.order = order;
            this.of = of;
            this.progress = progress;
        }

        /** Launches the server; false, said on the progress line, when it does not start. */
        boolean start() {
            launches++;
            try {
                sut = session.launch(variant, order, String.format("its search (variant %d/%d)", order, of), progress, given);
                fresh = true;
                return true;
            } catch (SutException | HostException e) {
                progress.note("lab: " + variant.name() + ": " + e.getMessage());
                return false;
            }
        }

        boolean broken() {
            return sut == null;
        }

        /** After each step: a server the step broke is stopped, and the next step launches another. */
        void measured(TrialResult t) {
            fresh = false;
            if (broke(t)) {
                stop();
            }
        }

        void stop() {
            if (sut != null) {
                session.stop(sut);
                sut = null;
            }
        }
    }

    /** One line on how a search ended, e.g. {@code bracketed: meets the objective at 38.1 req/s, misses it at 40.0 req/s}. */
    public static String describe(CapacitySearch.Result r) {
        return switch (r.outcome()) {
            case BRACKETED -> String.format("bracketed: meets the objective at %.1f req/s, misses it at %.1f req/s", r.highestPass(), r.lowestMiss());
            case LOWER_BOUND -> String.format("lower bound only: meets the objective up to %.1f req/s, the highest rate tried", r.highestPass());
            case GENERATOR_LIMITED -> "generator-limited: the driver, not the server, was the limit" + (r.highestPass() == null ? "" : String.format(" above %.1f req/s", r.highestPass()));
            case INVALID -> r.steps().isEmpty() ? "invalid: the server did not start" : String.format("invalid: misses the objective already at %.1f req/s", r.lowestMiss());
        };
    }

    /**
     * A step broke its server when the trial failed, a connect was refused or timed out (warm-up
     * included), or requests were refused, reset or left hanging: a server in that state (seen:
     * Tomcat's accept queue full, thousands of connections in CLOSE-WAIT) would make every later
     * step measure the wreck, not the rate.
     */
    static boolean broke(TrialResult t) {
        if (!t.ok() || t.delivery() != null && t.delivery().connectsFailed() != null && t.delivery().connectsFailed() > 0) {
            return true;
        }
        return java.util.stream.Stream.of(ErrorClass.REFUSED, ErrorClass.RESET, ErrorClass.TIMEOUT)
                .mapToLong(e -> t.window().errors().getOrDefault(e.key(), 0L)).sum() > 0;
    }

    /**
     * What a step's trial says of the objective. Any of the driver's flags makes the driver the limit: a step
     * whose driver ran out of CPU, files or ports measured the driver, and its errors or latencies are not the server's.
     */
    static Slo.Step asStep(double rate, TrialResult t, int launch) {
        WindowCounts window = t.window();
        LatencySummary latency = t.latencies().latency();
        if (!t.ok() || latency == null) {
            return new Slo.Step(rate, window.throughput(), Double.NaN, Double.POSITIVE_INFINITY, 1, 0, false, Double.POSITIVE_INFINITY, launch);
        }
        long failedChecks = window.latencyCheckFailed() + window.errors().getOrDefault(ErrorClass.CHECK.key(), 0L);
        return new Slo.Step(rate, window.throughput(), latency.p50Ms(), latency.p99Ms(), window.errorRate(), failedChecks,
                t.outcome().flags().stream().anyMatch(f -> f.party() == Flag.Party.DRIVER),
                window.series().stream().mapToDouble(s -> s.p99Ms()).max().orElse(latency.p99Ms()), launch, t.delivery() == null ? 0 : t.delivery().shortfall());
    }
}
