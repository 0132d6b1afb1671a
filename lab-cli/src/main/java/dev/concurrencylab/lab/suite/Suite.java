package dev.concurrencylab.lab.suite;

import dev.concurrencylab.lab.load.Warmup;
import dev.concurrencylab.lab.result.VerdictRules;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A named set of benchmarks, each run on each variant, repeated {@code trials} times.
 *
 * @param launch   which of its trials share a server's JVM
 * @param capacity how {@code lab capacity} searches this suite, or {@code null} when it is not a capacity suite
 * @param rules    how its results are judged: smallest effect claimed, error threshold, thresholds
 * @param cycles   a paired block's cycles per benchmark, when the suite sets them; {@code null}: the scale's ({@code plan.Pairing})
 */
public record Suite(String name, String description, String file, List<Variant> variants,
        List<Benchmark> benchmarks, Scaled<Integer> trials, Scaled<Warmup> warmup, Launch launch, CapacitySpec capacity, VerdictRules rules,
        Scaled<Integer> cycles) {

    /** A suite whose paired blocks run the scale's cycles. */
    public Suite(String name, String description, String file, List<Variant> variants,
            List<Benchmark> benchmarks, Scaled<Integer> trials, Scaled<Warmup> warmup, Launch launch, CapacitySpec capacity, VerdictRules rules) {
        this(name, description, file, variants, benchmarks, trials, warmup, launch, capacity, rules, null);
    }

    /** The same suite with only these benchmarks ({@code --benchmarks}). */
    public Suite withBenchmarks(List<Benchmark> chosen) {
        return new Suite(name, description, file, variants, chosen, trials, warmup, launch, capacity, rules, cycles);
    }

    /**
     * The same suite in one design ({@code --design}): fresh for every benchmark, or paired for every
     * benchmark whose load holds one level (the others stay fresh: a ramp or a cold start has no level to slice).
     */
    public Suite withDesign(Design design) {
        return new Suite(name, description, file, variants, benchmarks.stream().map(b -> b.withDesign(design)).toList(), trials, warmup,
                launch, capacity, rules, cycles);
    }

    /** The same suite with JFR recording on for every benchmark ({@code --jfr}). */
    public Suite withJfr() {
        return new Suite(name, description, file, variants, benchmarks.stream().map(Benchmark::withJfr).toList(), trials, warmup,
                launch, capacity, rules, cycles);
    }

    /** The same suite with the machine's pace timed for every benchmark ({@code --pace}). */
    public Suite withPace() {
        return new Suite(name, description, file, variants, benchmarks.stream().map(Benchmark::withPace).toList(), trials, warmup,
                launch, capacity, rules, cycles);
    }

    /** Every backing service some benchmark needs, in a stable order. */
    public Set<String> services() {
        Set<String> all = new LinkedHashSet<>();
        benchmarks.forEach(b -> all.addAll(b.services()));
        return all;
    }

    /**
     * The services whose properties a server of {@code variant} gets: every one started for a variant
     * that does not say (the lab's own apps), else those it wants and those the benchmarks ask for.
     */
    public java.util.function.Predicate<String> servicesGivenTo(Variant variant) {
        if (variant.services() == null) {
            return service -> true;
        }
        Set<String> given = new LinkedHashSet<>(services());
        given.addAll(variant.services());
        return given::contains;
    }

    /**
     * The backing services to start for these variants, each with why: the ones the benchmarks'
     * workloads need, for the servers the lab starts. A server given by URL brings its own, so a
     * run of URL variants only starts none.
     */
    public Map<String, String> servicesFor(Collection<Variant> chosen) {
        Map<String, String> why = new LinkedHashMap<>();
        if (chosen.stream().allMatch(Variant::external)) {
            return why;
        }
        for (String service : services()) {
            List<String> by = benchmarks.stream().filter(b -> b.services().contains(service)).map(Benchmark::name).toList();
            why.put(service, "needed by " + String.join(", ", by));
        }
        // A variant chosen for several benchmarks comes once per benchmark; it wants its services once.
        for (Variant v : chosen.stream().distinct().toList()) {
            if (v.services() != null && !v.external()) {
                v.services().forEach(s -> why.merge(s, "wanted by variant " + v.name(), (a, b) -> a + "; " + b));
            }
        }
        return why;
    }
}
