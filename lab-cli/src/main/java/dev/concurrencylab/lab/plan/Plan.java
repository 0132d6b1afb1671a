package dev.concurrencylab.lab.plan;

import dev.concurrencylab.lab.result.RunDefinition;
import dev.concurrencylab.lab.suite.Benchmark;
import dev.concurrencylab.lab.suite.Launch;
import dev.concurrencylab.lab.suite.Scale;
import dev.concurrencylab.lab.suite.Suite;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.lab.verdict.Sequential;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A suite expanded for one scale into trials, in the order they run, each on a server started for
 * it alone or, when the suite shares launches, on its variant's server for the round.
 *
 * @param trialsPerVariant trials per variant and benchmark; with {@code sequential}, at most
 * @param sequential       the rule that may stop a benchmark's rounds early; {@code null} for a fixed count
 * @param trials           the fresh design's trials; a paired benchmark's slices are not among them
 * @param paired           the benchmarks of the paired design, run in blocks after the fresh design's trials
 * @param pairing          the blocks' shape; {@code null} when no benchmark is paired
 * @param variants         the variants run, the base first: a block launches each
 */
public record Plan(Suite suite, Scale scale, int trialsPerVariant, List<PlannedTrial> trials, Sequential sequential,
        List<Benchmark> paired, Pairing pairing, List<Variant> variants) {

    /** A plan of the fresh design alone. */
    public Plan(Suite suite, Scale scale, int trialsPerVariant, List<PlannedTrial> trials, Sequential sequential) {
        this(suite, scale, trialsPerVariant, trials, sequential, List.of(), null, trials.stream().map(PlannedTrial::variant).distinct().toList());
    }

    /** The slices the paired design runs when every block runs in full. */
    public int sliceCount() {
        return pairing == null ? 0 : pairing.blocks() * paired.size() * pairing.cycles() * Pairing.servers(variants.size());
    }

    /** The paired design as a line says it: blocks, servers, cycles and slices; empty when no benchmark is paired. */
    public String pairedDescription() {
        if (pairing == null) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "paired (%s): %d block(s), each %d servers alive together (every variant, "
                + "and %s again for the A/A line), warmed once per benchmark, then %d cycles of one slice per server (%d s settle + %s, "
                + "a random order each cycle) = %d slices", String.join(", ", paired.stream().map(Benchmark::name).toList()),
                pairing.blocks(), Pairing.servers(variants.size()), variants.getFirst().name(), pairing.cycles(),
                pairing.settle().toSeconds(), measuredPart(), sliceCount())
                + (sequential == null || pairing.blocks() <= Sequential.FIRST_LOOK ? ""
                        : String.format(java.util.Locale.ROOT, " at most: the blocks stop once every comparison is decided on throughput "
                                + "and p99 (99.9 %% intervals after %s, 95 %% after the last)", looks()));
    }

    /** A slice's measured part: the pairing's length, or a counted benchmark's job as it is (its N requests, however long). */
    private String measuredPart() {
        long counted = paired.stream().filter(b -> b.load().at(scale).plannedDuration().isEmpty()).count();
        String timed = pairing.slice().toSeconds() + " s measured";
        return counted == 0 ? timed : counted == paired.size() ? "the counted job measured" : timed + " or the counted job";
    }

    /** The blocks after which the sequential rule looks before the last, as a sentence says them. */
    private String looks() {
        int last = pairing.blocks() - 1;
        return last == Sequential.FIRST_LOOK ? "block " + last : "blocks " + Sequential.FIRST_LOOK + "–" + last;
    }

    /** The servers the paired design starts when every block runs. */
    public int blockLaunches() {
        return pairing == null ? 0 : pairing.blocks() * Pairing.servers(variants.size());
    }

    /** How the trial count is reached, as run.json and the report say it. */
    public String stopping() {
        if (sequential == null) {
            return "fixed: " + trialsPerVariant + " trial(s) of each";
        }
        if (trials.isEmpty() && pairing != null) {
            return RunDefinition.SEQUENTIAL + String.format(java.util.Locale.ROOT, "blocks of every variant side by side, up to %d; a "
                    + "benchmark's blocks stop once every variant against the base is decided on throughput and p99 (Haybittle–Peto: "
                    + "99.9 %% intervals after %s, 95 %% after the last)", pairing.blocks(), looks());
        }
        return sequential.describe() + (pairing == null ? "" : "; the paired benchmarks' blocks stop by the same rule");
    }

    /** Trials and slices, as progress counts them. */
    public int trialCount() {
        return trials.size() + sliceCount();
    }

    /**
     * True when {@code next} may run on the server {@code previous} ran on: the suite shares launches,
     * both are of one variant and round, and neither is cold (a cold benchmark measures a fresh JVM).
     */
    public boolean sameServer(PlannedTrial previous, PlannedTrial next) {
        return sharesLaunches() && previous.variant().equals(next.variant())
                && previous.repetition() == next.repetition() && !previous.benchmark().cold() && !next.benchmark().cold();
    }

    /** True when the suite runs a variant's round on one server ({@link Launch#PER_ROUND}). */
    public boolean sharesLaunches() {
        return suite.launch() == Launch.PER_ROUND;
    }

    /** True when the {@code i}-th trial, with every trial before it run, starts a server of its own. */
    public boolean startsServer(int i) {
        return i == 0 || !sameServer(trials.get(i - 1), trials.get(i));
    }

    /** How many servers the trials need when every one of them runs. */
    public int launches() {
        return (int) IntStream.range(0, trials.size()).filter(this::startsServer).count();
    }
}
