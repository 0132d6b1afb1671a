package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.cpu.Affinity;
import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.hosts.HostSpec;
import dev.concurrencylab.lab.hosts.ServicesHost;
import dev.concurrencylab.lab.hosts.Ssh;
import dev.concurrencylab.lab.hosts.Topology;
import dev.concurrencylab.lab.monitor.Monitor;
import dev.concurrencylab.lab.monitor.ProcessReader;
import dev.concurrencylab.lab.result.RunHost;
import dev.concurrencylab.lab.service.ServiceSet;
import dev.concurrencylab.lab.sut.RunningSut;
import dev.concurrencylab.lab.sut.SutLauncher;
import dev.concurrencylab.services.BackingService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The run's backing services wherever they run: on a services host the topology names, started
 * here, or given by URL. {@link Session} holds them for the run; trials reach them through it.
 */
final class RunServices {

    private final Topology topology;
    private final List<ServicesHost> hosts = new CopyOnWriteArrayList<>();
    private volatile ServiceSet services;

    /** @param topology where services run when a host takes them ({@code --hosts}) */
    RunServices(Topology topology) {
        this.topology = topology;
    }

    /**
     * Starts the services {@code needed}, those the topology puts on a host there first; on failure
     * the hosts started so far stay to be closed ({@link #closeHosts()}).
     *
     * @param serviceUrls services the user runs, by name; the others are started
     * @param used        takes each services host as the run record keeps it
     */
    void start(Set<String> needed, Map<String, String> serviceUrls, Path work, SutLauncher launcher, Progress progress,
            Consumer<RunHost> used) {
        Map<HostSpec, List<String>> byHost = new LinkedHashMap<>();
        needed.stream().filter(s -> !serviceUrls.containsKey(s))
                .forEach(s -> topology.service(s).ifPresent(h -> byHost.computeIfAbsent(h, x -> new ArrayList<>()).add(s)));
        Map<String, BackingService> elsewhere = new LinkedHashMap<>();
        byHost.forEach((host, names) -> {
            progress.note("lab: starting " + String.join(", ", names) + " on " + host.name() + " ...");
            // servers connect from the server host, or from this machine toward the services host
            String from = launcher.serverAddress().orElseGet(() -> Ssh.localAddressToward(host));
            ServicesHost started = ServicesHost.start(host, Ssh.controlDir(), names, from);
            hosts.add(started);
            elsewhere.putAll(started.services());
            used.accept(host.asUsed(started.facts(), null, started.roundTrip()));
        });
        // services the lab starts here also listen where a server host reaches this machine
        services = ServiceSet.start(needed, serviceUrls, work, launcher.reachableAt().orElse(null),
                launcher.serverAddress().stream().toList(), elsewhere,
                s -> progress.note("lab: " + s + " ..."));
    }

    /** Pins every process of the services started here to {@code cpus}. */
    void pin(String cpus) {
        services.services().forEach(s -> s.pids().forEach(pid -> Affinity.pinTree(pid, cpus)));
    }

    /** Each service's version, by name. */
    Map<String, String> versions() {
        return services.versions();
    }

    /** @param given the services whose properties the server gets (a variant may want its own data) */
    Map<String, String> springProperties(Predicate<String> given) {
        return services.springProperties(given);
    }

    /** The first service the lab started that has died: its name and its log's tail, if any. */
    Optional<DeadService> dead() {
        ServiceSet s = services;
        return s == null ? Optional.empty() : s.dead().map(b -> new DeadService(b.name(), b.ended().orElse("?"), b.logTail(5)));
    }

    /** @param ended how its process ended, e.g. {@code exit 137} */
    record DeadService(String name, String ended, String logTail) {
    }

    /** What the monitor watches besides the server: every process of every service the lab started. */
    Monitor.Target target(RunningSut sut, CpuLayout layout) {
        Map<String, List<Long>> pids = new LinkedHashMap<>();
        ServiceSet s = services;
        if (s != null) {
            for (BackingService b : s.services()) {
                if (!b.pids().isEmpty()) {
                    pids.put(b.name(), b.pids());
                }
            }
        }
        Map<String, ProcessReader> readers = new LinkedHashMap<>();
        for (ServicesHost host : hosts) {
            host.pids().forEach((name, list) -> {
                pids.put(name, list);
                readers.put(name, host.proc());
            });
        }
        Long pid = sut.remote().map(RunningSut.Remote::pid).orElse(sut.pid().isPresent() ? sut.pid().getAsLong() : null);
        List<Integer> sutCpus = layout.pinned() && sut.remote().isEmpty() && sut.pid().isPresent() ? layout.sutCpus() : List.of();
        return new Monitor.Target(pid, sut.uri(), pids, sut.remote().map(RunningSut.Remote::reader).orElse(null), readers, sutCpus);
    }

    /** Stops the services at the run's end; no trial looks at them after. */
    void stop() {
        services.close();
        services = null;
    }

    /** Stops the services from the shutdown hook, while a trial may still be looking at them. */
    void abort() {
        ServiceSet s = services;
        if (s != null) {
            s.close();
        }
    }

    /** Ends the services hosts' launchers. */
    void closeHosts() {
        hosts.forEach(ServicesHost::close);
        hosts.clear();
    }
}
