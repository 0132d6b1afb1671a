package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.ClosedSweep;
import dev.concurrencylab.lab.load.ConnectionPool;
import dev.concurrencylab.lab.load.LoadDriver;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.load.LoadResult;
import dev.concurrencylab.lab.load.LoadRun;
import dev.concurrencylab.lab.load.OpenRamp;
import dev.concurrencylab.lab.load.OpenRate;
import dev.concurrencylab.lab.load.SchedulingLag;
import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.http.config.ConnectionStrategy;
import io.hyperfoil.http.config.HttpPluginBuilder;
import io.netty.util.ResourceLeakDetector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The lab's only door to Hyperfoil 0.25.2: turns a {@link LoadRun} into an in-process Hyperfoil
 * benchmark (a warm-up phase, then the measured phases) and its statistics into a {@link LoadResult}.
 * Each load model's phases are built here, so the mapping from the lab's models to Hyperfoil's phases
 * reads in one place; what each user sends in them is {@link Scenarios}'.
 */
public final class HyperfoilDriver implements LoadDriver {

    private static final String WARM_UP = "warm-up";
    private static final String MEASURE = "measure-";
    /** A counted window's warm-up (a burst of thousands, say) holds at most this many users: it warms code, not a crowd. */
    private static final int WARM_UP_USERS = 64;

    private final int threads;

    /*
     * Open models use evenly spaced arrivals (variance off), as vegeta and wrk2 do: with Poisson
     * arrivals a 5-second trial at 200/s misses its target by ±3 % from chance alone.
     */

    /*
     * Netty's leak detector (on by default) fills in a stack trace for one buffer in 128: ~300
     * exceptions a second at 140,000 requests a second, all on the one event-loop thread that drives
     * the load. The engine releases its buffers; the lab's handlers only read them.
     */
    static {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }

    public HyperfoilDriver(int threads) {
        UncachedHttpPlugin.requireFirst();
        this.threads = threads;
    }

    /** One event-loop thread per two CPUs the lab may use, at least one; the engine's log where log4j2.xml puts it. */
    public static HyperfoilDriver forThisMachine() {
        return new HyperfoilDriver(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    }

    /** As {@link #forThisMachine()}, the engine's log appended to {@code engineLog} (a run's own). */
    public static HyperfoilDriver forThisMachine(Path engineLog) {
        EngineLog.writeTo(engineLog);
        return forThisMachine();
    }

    @Override
    public LoadResult run(LoadRun run, LoadListener listener) {
        String id = UUID.randomUUID().toString();
        String warmKey = id + "/" + WARM_UP;
        String measureKey = id + "/measure";
        Tally warmTally = Tally.open(warmKey);
        Tally measureTally = Tally.open(measureKey);
        measureTally.schedule = ArrivalSchedule.of(run.model());
        AtomicReference<Tally> current = new AtomicReference<>(run.warmup().isZero() ? measureTally : warmTally);
        ConnectionPool pool = run.model().connectionPool();

        BenchmarkBuilder builder = BenchmarkBuilder.builder().name("lab-" + id).threads(threads)
                .addPlugin(HttpPluginBuilder::new)
                    .ergonomics()
                        .repeatCookies(false).userAgentFromSession(false)
                        // The lab classifies answers itself and never stops a user on a bad one.
                        .autoRangeCheck(false).stopOnInvalid(false)
                    .endErgonomics()
                    .http()
                        .host(run.target().getHost()).port(run.target().getPort())
                        // A pool opened beforehand would spare a burst's server the connection storm E4 measured.
                        .connectionStrategy(run.model().connectsPerRequest() ? ConnectionStrategy.ALWAYS_NEW : ConnectionStrategy.SHARED_POOL)
                        .sharedConnections()
                            .core(pool.core()).max(pool.max()).buffer(pool.buffer())
                            // Never closed for idling: a pool grown in the warm-up is the window's pool.
                            .keepAliveTime(0)
                        .end()
                    .endHttp()
                .endPlugin();
        String last = null;
        if (!run.warmup().isZero()) {
            addWarmUp(builder, run, warmKey);
            last = WARM_UP;
        }
        List<String> measured = addMeasured(builder, run, measureKey, last);
        Benchmark benchmark = builder.build();

        WindowStatistics collector = new WindowStatistics();
        SchedulingLag lag = SchedulingLag.start();
        LoadListener resetLag = new LoadListener() {
            @Override
            public void phase(LoadPhase phase) {
                if (phase == LoadPhase.MEASURE) {
                    lag.reset();
                }
            }
        };
        WindowRunner runner = new WindowRunner(benchmark, collector, measured, current, measureTally, resetLag.and(listener),
                run.model());
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "load-progress");
            t.setDaemon(true);
            return t;
        });
        SteadyWarmup steady = new SteadyWarmup(run, warmTally, runner, WARM_UP);
        ticker.scheduleAtFixedRate(() -> {
            Tally t = current.get();
            listener.progress(t.answered.sum(), t.failed.sum());
            steady.tick(listener);
        }, 1, 1, TimeUnit.SECONDS);
        String failure = null;
        try (AutoCloseable connectFailures = ConnectFailures.install(current::get, measureTally)) {
            listener.phase(run.warmup().isZero() ? LoadPhase.MEASURE : LoadPhase.WARM_UP);
            runner.run();
        } catch (Exception e) {
            failure = "load engine failed: " + e.getMessage();
        } finally {
            lag.close();
            ticker.shutdownNow();
            Tally.close(warmKey);
            Tally.close(measureKey);
        }
        if (Thread.currentThread().isInterrupted()) {
            failure = "stopped before the measured window ended";
        }
        return collector.result(measured, run, pool, measureTally, runner, lag.figures(), steady.steady(), failure);
    }

    private static void addWarmUp(BenchmarkBuilder builder, LoadRun run, String tally) {
        long ms = run.warmup().max().toMillis();
        PhaseBuilder<?> phase = switch (run.model()) {
            case OpenRate o -> builder.addPhase(WARM_UP).constantRate(0).usersPerSec(o.rate()).variance(false).maxSessions(o.maxSessions());
            case OpenRamp r -> builder.addPhase(WARM_UP).constantRate(0).usersPerSec(Math.max(1, r.from())).variance(false).maxSessions(r.maxSessions());
            // A closed window's users in the warm-up too: the server's threads, request processors and
            // connections the window uses are the ones the warm-up compiled its code on. At fewer, a fresh
            // JVM deoptimized its request path as the window opened (docs/methodology.md).
            case LoadModel.MaxRate m -> builder.addPhase(WARM_UP).always(m.maxConcurrency());
            case LoadModel.ClosedStages c -> builder.addPhase(WARM_UP).always(c.maxConcurrency());
            // listed, not defaulted: a new model must choose its warm-up's users here
            case ClosedSweep _, LoadModel.UsersXRequests _, LoadModel.CountXConcurrency _, LoadModel.Burst _ ->
                    builder.addPhase(WARM_UP).always(Math.min(WARM_UP_USERS, run.model().maxConcurrency()));
        };
        phase.duration(ms).isWarmup(true);
        Scenarios.add(phase, run, tally, 1);
    }

    private static List<String> addMeasured(BenchmarkBuilder builder, LoadRun run, String tally, String after) {
        List<String> names = new ArrayList<>();
        switch (run.model()) {
            case LoadModel.ClosedStages s -> {
                String name = MEASURE + 0;
                long length = s.stages().stream().mapToLong(st -> st.duration().toMillis()).sum();
                Scenarios.add(after(builder.addPhase(name).always(s.maxConcurrency()).duration(length), after, names), run, tally, 1,
                        new RampGate(s));
                names.add(name);
            }
            case ClosedSweep w -> throw new IllegalArgumentException("a closed sweep runs as one max-rate window per level, not as one");
            case LoadModel.UsersXRequests u -> names.add(counted(builder, run, tally, after, u.users(), u.requests()));
            case LoadModel.CountXConcurrency c -> names.add(counted(builder, run, tally, after, c.concurrency(), c.count() / c.concurrency()));
            case LoadModel.Burst b -> names.add(counted(builder, run, tally, after, b.count(), 1));
            case LoadModel.MaxRate m -> {
                String name = MEASURE + 0;
                Scenarios.add(after(builder.addPhase(name).always(m.workers()).duration(m.duration().toMillis()), after, names), run, tally, 1);
                names.add(name);
            }
            case OpenRate o -> {
                String name = MEASURE + 0;
                Scenarios.add(after(builder.addPhase(name).constantRate(0).usersPerSec(o.rate()).variance(false).maxSessions(o.maxSessions())
                        .duration(o.duration().toMillis()), after, names), run, tally, 1);
                names.add(name);
            }
            case OpenRamp r -> {
                String name = MEASURE + 0;
                Scenarios.add(after(builder.addPhase(name).rampRate(0, 0).initialUsersPerSec(r.from()).targetUsersPerSec(r.to()).variance(false)
                        .maxSessions(r.maxSessions()).duration(r.duration().toMillis()), after, names), run, tally, 1);
                names.add(name);
            }
        }
        return names;
    }

    /** All users start at once and each sends {@code perUser} requests (runs of a sequence) back to back. */
    private static String counted(BenchmarkBuilder builder, LoadRun run, String tally, String after, int users, int perUser) {
        String name = MEASURE + 0;
        // Bounded even if the server never answers: every request (each step of a sequence) may take the whole timeout.
        long bound = (long) perUser * run.request().perSession() * run.request().timeout().toMillis() + 30_000;
        PhaseBuilder<?> phase = builder.addPhase(name).atOnce(users).maxDuration(bound);
        if (after != null) {
            phase.startAfterStrict(after);
        }
        Scenarios.add(phase, run, tally, perUser);
        return name;
    }

    /**
     * The measured phase starts once the warm-up has fully drained, so the window never holds the
     * warm-up's requests still in flight and a closed model never waits for a connection.
     */
    private static PhaseBuilder<?> after(PhaseBuilder<?> phase, String warmUp, List<String> measuredSoFar) {
        if (!measuredSoFar.isEmpty()) {
            phase.startAfterStrict(measuredSoFar.getLast());
        } else if (warmUp != null) {
            phase.startAfterStrict(warmUp);
        }
        return phase;
    }
}
