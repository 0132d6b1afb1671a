package dev.concurrencylab.lab.monitor;

import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.usage.JvmMetric;
import dev.concurrencylab.lab.usage.ResourceSample;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Samples the server, its backing services, the driver and the rest of the machine once a second, from
 * the moment the measured window opens to the moment it closes: warm-up and shutdown never reach a
 * sample. Listens to the load driver for those two moments. During the warm-up it already reads
 * everything once a second and throws the readings away: the first scrape of {@code /actuator/prometheus}
 * costs the server class loading and JIT work (seen: a fresh JVM's throughput dipping to 15k req/s at the
 * window's start and climbing back to 35k), a cost for the warm-up, which waits until it has passed.
 */
public final class Monitor implements LoadListener {

    /** Shorter last intervals say more about timing jitter than about the server. */
    private static final double SHORTEST_LAST_INTERVAL = 0.1;

    /**
     * What to watch.
     *
     * @param sutPid         the server's process, or {@code null} for a server the lab did not start
     * @param sutUri         the server's base URL, for {@code /actuator/prometheus}; or {@code null}
     * @param services       service name → its processes (each with its descendants)
     * @param sutReader      where the server's figures are read when it runs on another host; {@code null}: here
     * @param serviceReaders where a service's figures are read when it runs on another host; the others are read here
     * @param sutCpus        the CPUs of this machine the server is pinned to, whose steal is read apart; empty: none
     */
    public record Target(Long sutPid, URI sutUri, Map<String, List<Long>> services, ProcessReader sutReader,
            Map<String, ProcessReader> serviceReaders, List<Integer> sutCpus) {

        public Target {
            sutCpus = sutCpus == null ? List.of() : List.copyOf(sutCpus);
        }

        public Target(Long sutPid, URI sutUri, Map<String, List<Long>> services) {
            this(sutPid, sutUri, services, null, Map.of(), List.of());
        }
    }

    private final ProcessMetrics os;
    private final Target target;
    private final Duration interval;
    private final long driverPid;
    private final MemoryPace pace;
    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<ResourceSample> samples = new ArrayList<>();
    private volatile Thread sampler;
    private volatile Thread rehearsal;
    private volatile long samplerCpuNanos;
    private volatile long windowNanos;
    private volatile long contextSwitches = -1;

    public Monitor(ProcessMetrics os, Target target, Duration interval) {
        this(os, target, interval, null);
    }

    /** @param pace the machine's memory, timed on this thread at each reading; {@code null}: not read */
    public Monitor(ProcessMetrics os, Target target, Duration interval, MemoryPace pace) {
        this.os = os;
        this.target = target;
        this.interval = interval;
        this.driverPid = os.currentPid();
        this.pace = pace;
    }

    @Override
    public void phase(LoadPhase phase) {
        if (phase == LoadPhase.WARM_UP) {
            rehearse();
        } else if (phase == LoadPhase.MEASURE) {
            begin();
        }
    }

    /** Reads as the window will, and forgets, until the window opens. */
    private synchronized void rehearse() {
        if (rehearsal == null && sampler == null) {
            rehearsal = Thread.ofPlatform().daemon().name("monitor-rehearsal").start(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    read();
                    try {
                        Thread.sleep(interval);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }
    }

    @Override
    public void windowEnded() {
        ended.countDown();
    }

    /** Opens the window: the first reading is taken now, and is the base of the first interval. */
    public synchronized void begin() {
        if (rehearsal != null) {
            // Not joined: this runs on the driver's thread as the window opens, which must not wait.
            rehearsal.interrupt();
        }
        if (sampler == null) {
            sampler = Thread.ofPlatform().daemon().name("monitor").start(this::sample);
        }
    }

    /** Closes the window (if the driver has not) and returns the samples, in time order. */
    public List<ResourceSample> finish() {
        ended.countDown();
        if (rehearsal instanceof Thread r) {
            r.interrupt();
        }
        Thread t = sampler;
        if (t != null) {
            try {
                t.join(Duration.ofSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Context switches of the server's threads over the window; {@code -1} when not known. */
    public long contextSwitches() {
        return contextSwitches;
    }

    /** The sampler thread's own CPU over the window, in percent of one core: the cost of watching. */
    public double ownCpuPercent() {
        return windowNanos == 0 ? 0 : 100.0 * samplerCpuNanos / windowNanos;
    }

    private void sample() {
        var threads = ManagementFactory.getThreadMXBean();
        long cpuAtStart = threads.getCurrentThreadCpuTime();
        // Read at the window's two ends only: one file per server thread, too many to read each second.
        long switchesAtStart = target.sutPid() == null ? -1 : server().contextSwitches(target.sutPid());
        Reading first = read();
        Reading previous = first;
        long next = first.nanos() + interval.toNanos();
        boolean last = false;
        while (!last) {
            try {
                last = ended.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                last = true;
            }
            Reading current = read();
            double seconds = (current.nanos() - previous.nanos()) / 1e9;
            if (!last || seconds >= SHORTEST_LAST_INTERVAL) {
                synchronized (samples) {
                    samples.add(new ResourceSample(Reading.round((current.nanos() - first.nanos()) / 1e9), Reading.round(seconds),
                            Reading.figures(previous, current, seconds, target)));
                }
            }
            previous = current;
            next += interval.toNanos();
        }
        windowNanos = previous.nanos() - first.nanos();
        long switchesAtEnd = target.sutPid() == null ? -1 : server().contextSwitches(target.sutPid());
        contextSwitches = switchesOver(switchesAtStart, switchesAtEnd);
        samplerCpuNanos = threads.getCurrentThreadCpuTime() - cpuAtStart;
    }

    /**
     * The server's context switches between two sums over its live threads, or {@code -1} when unknown. A sum
     * that went down means threads ended in the window and took their counts with them: the difference is
     * then no count at all, not zero.
     */
    static long switchesOver(long atStart, long atEnd) {
        return atStart < 0 || atEnd < atStart ? -1 : atEnd - atStart;
    }

    private ProcessReader server() {
        return target.sutReader() == null ? os : target.sutReader();
    }

    private Reading read() {
        long before = System.nanoTime();
        ProcessMetrics.Usage sut = target.sutPid() == null ? null : server().treeUsage(target.sutPid());
        Map<String, Long> services = new LinkedHashMap<>();
        target.services().forEach((name, pids) -> services.put(name, cpuMillis(target.serviceReaders().getOrDefault(name, os), pids)));
        ProcessMetrics.Usage driver = os.usage(driverPid);
        ProcessMetrics.Ticks ticks = os.ticks();
        // At the reads' midpoint, not before them: a sampler kept off its CPU there (a busy machine) read a hog at 116 %.
        long nanos = before + (System.nanoTime() - before) / 2;
        return new Reading(nanos, sut, services, driver, ticks, scrape(), pace == null ? null : pace.nanosPerLoad());
    }

    /**
     * A service's CPU so far, over its processes; {@code null} when one of them could not be read (another
     * host's {@code /proc} read that failed, a process gone): its use is then unknown, and a zero in its
     * place would show an idle service, or, as the next interval's start, all its CPU since it started.
     */
    private static Long cpuMillis(ProcessReader reader, List<Long> pids) {
        long total = 0;
        for (long pid : pids) {
            ProcessMetrics.Usage usage = reader.treeUsage(pid);
            if (usage.processes() == 0) {
                return null;
            }
            total += usage.cpuMillis();
        }
        return total;
    }

    /** The server's meters, or none when it does not answer within the interval. */
    private Map<JvmMetric, Double> scrape() {
        if (target.sutUri() == null) {
            return Map.of();
        }
        try {
            // Blocking and on this thread, so the sampler's own CPU time includes the scrape.
            HttpURLConnection c = (HttpURLConnection) target.sutUri().resolve("/actuator/prometheus?includedNames=" + JvmMetric.families()).toURL().openConnection();
            int timeout = (int) Math.min(1000, interval.toMillis());
            c.setConnectTimeout(timeout);
            c.setReadTimeout(timeout);
            if (c.getResponseCode() != 200) {
                return Map.of();
            }
            try (InputStream in = c.getInputStream()) {
                return PrometheusText.read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            return Map.of();
        }
    }
}
