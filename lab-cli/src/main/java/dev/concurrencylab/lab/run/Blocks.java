package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.hosts.HostException;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.plan.Pairing;
import dev.concurrencylab.lab.plan.Plan;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.Slice;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutException;
import dev.concurrencylab.lab.verdict.PairedVerdict;
import dev.concurrencylab.lab.verdict.Sequential;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Runs a plan's paired benchmarks in blocks. A block starts one fresh launch of every variant and a
 * second of the base, all alive on the server's CPUs; per benchmark it warms each to its level, then
 * runs cycles: every live server gets one slice (a settle, then the measured part) in a fresh random
 * order, the others idle. Each slice is written the moment it ends, with its block, cycle, place and
 * launch, so a verdict pairs slices of one cycle from the files alone. A server that dies fails its
 * slice and leaves the block; the others go on.
 */
final class Blocks {

    /** A live server of a block: the variant's launch ({@code copy} 1) or the base's second (2). */
    private record Server(Variant variant, int copy, RunningSut sut) {

        String label() {
            return new Slice(0, 0, 0, copy).server(variant.name());
        }
    }

    /** The throwaway window after a block's warm-up: the warm-up's end is what counts. */
    private static final Duration WARM_WINDOW = Duration.ofSeconds(1);

    private final Plan plan;
    private final Session session;
    private final TrialExecutor executor;
    private final Progress progress;
    private final Random random = new Random();
    /** Every slice of the run so far, the earlier part's too: what the sequential rule looks at after a block. */
    private final List<TrialResult> slices = new ArrayList<>();
    private int number;
    private int failed;
    private boolean serviceDied;

    /** @param next the number the first slice takes: after every trial and slice written before */
    Blocks(Plan plan, Session session, TrialExecutor executor, Progress progress, int next) {
        this.plan = plan;
        this.session = session;
        this.executor = executor;
        this.progress = progress;
        this.number = next;
    }

    /**
     * Runs the blocks a resumed run has not begun (a block cut short keeps the cycles it wrote: its
     * launches measured those, and no later launch can add to them).
     *
     * @return the slices that failed
     */
    int run(List<TrialResult> earlier) {
        Pairing pairing = plan.pairing();
        earlier.stream().filter(t -> t.identity().slice() != null).forEach(slices::add);
        int begun = earlier.stream().filter(t -> t.identity().slice() != null).mapToInt(t -> t.identity().slice().block()).max().orElse(0);
        int perBlock = plan.paired().size() * pairing.cycles() * Pairing.servers(plan.variants().size());
        if (begun > 0) {
            long written = earlier.stream().filter(t -> t.identity().slice() != null && t.identity().slice().block() == begun).count();
            progress.skip((int) (perBlock - written));
            progress.note(String.format("lab: the paired blocks go on after block %d, begun in the run's earlier part", begun));
        }
        for (int block = begun + 1; block <= pairing.blocks() && !session.aborting() && !serviceDied; block++) {
            List<Server> servers = launch(block);
            try {
                Warmup rule = plan.suite().warmup().at(plan.scale());
                boolean first = true;
                for (Benchmark benchmark : order()) {
                    if (session.aborting() || serviceDied) {
                        break;
                    }
                    runBenchmark(block, benchmark, servers, pairing, rule, first);
                    rule = Pairing.later(rule);
                    first = false;
                }
            } finally {
                servers.forEach(s -> session.stop(s.sut()));
            }
            if (block < pairing.blocks() && !session.aborting() && !serviceDied && decided(block)) {
                progress.skip(perBlock * (pairing.blocks() - block));
                progress.note(String.format(Locale.ROOT, "lab: every paired comparison is decided after block %d of %d (99.9 %% intervals); "
                        + "the blocks stop here", block, pairing.blocks()));
                break;
            }
        }
        return failed;
    }

    /**
     * The suite's sequential rule on blocks: looked at from {@link Sequential#FIRST_LOOK} blocks on,
     * as it looks at rounds of trials; a fixed suite runs every block.
     */
    private boolean decided(int block) {
        if (plan.sequential() == null || block < Sequential.FIRST_LOOK) {
            return false;
        }
        String base = plan.variants().getFirst().name();
        return plan.paired().stream().allMatch(b -> PairedVerdict.decided(
                slices.stream().filter(t -> t.identity().benchmark().equals(b.name())).toList(), base, plan.suite().rules()));
    }

    /**
     * The benchmarks in the order a block runs them: closed loads first, in the suite's order. A fresh
     * JVM's code reaches its level fastest under a saturating closed load (14–30 s on /hello at quick);
     * an open load at a light rate calls the code too rarely, and its warm-up ran to its 30 s bound when
     * it came first, though 8–18 s after a closed one (docs/methodology.md, "Paired windows"). The same
     * order in every block costs no comparison anything: every server of a block meets it alike.
     */
    private List<Benchmark> order() {
        List<Benchmark> order = new ArrayList<>(plan.paired());
        order.sort(Comparator.comparing(b -> b.load().at(plan.scale()).open()));
        return order;
    }

    /** True when a service the servers share died: every later slice would measure a server without it. */
    boolean serviceDied() {
        return serviceDied;
    }

    private List<Server> launch(int block) {
        List<Server> servers = new ArrayList<>();
        List<Variant> variants = plan.variants();
        List<Server> wanted = new ArrayList<>();
        variants.forEach(v -> wanted.add(new Server(v, 1, null)));
        wanted.add(new Server(variants.getFirst(), 2, null));
        int perServer = plan.paired().size() * plan.pairing().cycles();
        for (Server w : wanted) {
            if (session.aborting()) {
                break;
            }
            String log = String.format(Locale.ROOT, "block-%02d-%s%s", block, w.variant().name(), w.copy() == 2 ? "-aa" : "");
            try {
                progress.note(String.format("lab: block %d/%d: starting %s", block, plan.pairing().blocks(), w.label()));
                servers.add(new Server(w.variant(), w.copy(), session.launch(w.variant(), log, progress,
                        plan.suite().servicesGivenTo(w.variant()))));
            } catch (SutException | HostException e) {
                // one failed record per benchmark, so each benchmark's comparison says why this server has no slices
                for (Benchmark b : plan.paired()) {
                    PlannedTrial t = slice(b, w, block, 1, 0);
                    progress.trial(t);
                    TrialResult record = TrialRecords.failed(t, e.getMessage(), null);
                    session.write(record, null);
                    slices.add(record);
                    progress.finished("FAILED: " + e.getMessage());
                    failed++;
                }
                progress.skip(perServer - plan.paired().size());
            }
        }
        return servers;
    }

    /** @param first the block's first benchmark: its first slices carry their servers' start-ups */
    private void runBenchmark(int block, Benchmark benchmark, List<Server> servers, Pairing pairing, Warmup rule, boolean first) {
        List<Server> live = new ArrayList<>(servers);
        Collections.shuffle(live, random);
        Map<Server, TrialRecords.BlockWarmUp> warmed = new HashMap<>();
        for (Server s : live) {
            if (session.aborting()) {
                return;
            }
            PlannedTrial warm = new PlannedTrial(0, s.variant(), benchmark, block, benchmark.request(plan.scale()),
                    sliced(benchmark, WARM_WINDOW), rule, 0, new Slice(block, 0, 0, s.copy()));
            try {
                TrialRecords.BlockWarmUp w = executor.warm(s.sut(), warm, progress);
                warmed.put(s, w);
                progress.ended(String.format(Locale.ROOT, "warmed %s in %.0f s%s", s.label(), w.seconds() - WARM_WINDOW.toSeconds(),
                        Boolean.FALSE.equals(w.steady()) ? ", not steady at its bound" : ""));
            } catch (RuntimeException e) {
                // its first slice fails with the reason (a dead server, a lost host)
                progress.ended("warm-up ended: " + e.getMessage());
            }
        }
        List<Server> dead = new ArrayList<>();
        for (int cycle = 1; cycle <= pairing.cycles(); cycle++) {
            List<Server> order = new ArrayList<>(live);
            order.removeAll(dead);
            Collections.shuffle(order, random);
            int position = 0;
            for (Server s : order) {
                if (session.aborting()) {
                    return;
                }
                PlannedTrial slice = slice(benchmark, s, block, cycle, ++position);
                TrialResult result = executor.run(s.sut(), slice, first && cycle == 1, cycle == 1 ? warmed.get(s) : null, progress);
                slices.add(result);
                if (!result.ok()) {
                    failed++;
                }
                if (result.outcome().flags().contains(Flag.SERVICE_DIED) && !session.aborting()) {
                    serviceDied = true;
                    progress.note("lab: " + result.outcome().failure() + "; the run stops here, finished slices are kept");
                    return;
                }
                if (session.aborting()) {
                    return;
                }
                if (!s.sut().isAlive()) {
                    dead.add(s);
                    progress.skip(pairing.cycles() - cycle);
                    progress.note(String.format("lab: %s died in block %d, cycle %d; the block goes on without it", s.label(), block, cycle));
                }
            }
        }
    }

    private PlannedTrial slice(Benchmark benchmark, Server s, int block, int cycle, int position) {
        int n = number++;
        return new PlannedTrial(n, s.variant(), benchmark, block, benchmark.request(plan.scale()),
                sliced(benchmark, plan.pairing().slice()), plan.pairing().settleWarmup(), n, new Slice(block, cycle, position, s.copy()));
    }

    private LoadModel sliced(Benchmark benchmark, Duration length) {
        return benchmark.load().at(plan.scale()).sliced(length).orElseThrow();
    }
}
