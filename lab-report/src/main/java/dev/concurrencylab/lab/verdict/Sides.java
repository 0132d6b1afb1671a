package dev.concurrencylab.lab.verdict;

import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.TrialResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a comparison on one figure reads: each side's values and what they rest on, or why it
 * has none. The one place verdicts and the sequential rule take their values from, so a round
 * stops only where the verdict it would print is decided.
 *
 * @param readings the values of both sides, once per way of reading them: one, unless shifted windows without a
 *                 steady end are read at their lowest and highest level ({@link SteadyEnds}); {@code null} when
 *                 there are none
 * @param none     the no-verdict text, or {@code null} when both sides have values
 * @param mendable more trials could give it values (too few so far)
 */
record Sides(List<Reading> readings, String basis, String none, boolean mendable) {

    static Sides none(String why, boolean mendable) {
        return new Sides(null, "", why, mendable);
    }

    /** Each side's values in one reading. */
    public record Reading(double[] a, double[] b) {
    }

    /** At most this many readings of shifted windows without a steady end: 2 to the 8th, eight such windows in one comparison. */
    static final int MOST_READINGS = 256;

    /** The values a comparison of {@code allTrials} with {@code allBaseTrials} reads on {@code figure}. */
    static Sides of(Figure figure, List<TrialResult> allTrials, List<TrialResult> allBaseTrials) {
        List<TrialResult> trials = undisturbed(allTrials);
        List<TrialResult> baseTrials = undisturbed(allBaseTrials);
        TreeSet<String> voiding = voidingFlags(trials, baseTrials);
        Optional<List<double[]>> endsA = Optional.empty();
        Optional<List<double[]>> endsB = Optional.empty();
        String basis = allTrials.size() + allBaseTrials.size() == trials.size() + baseTrials.size() ? ""
                : String.format(Locale.ROOT, "; %d and %d noisy trial(s) left out", allTrials.size() - trials.size(),
                        allBaseTrials.size() - baseTrials.size());
        if (voiding.equals(new TreeSet<>(List.of(Flag.WINDOW_SHIFTED.key()))) && figure.measuredOnSteadyEnd()) {
            endsA = SteadyEnds.values(figure, trials);
            endsB = SteadyEnds.values(figure, baseTrials);
            if (endsA.isPresent() && endsB.isPresent()) {
                voiding.clear();
                long openA = SteadyEnds.unresolved(trials);
                long openB = SteadyEnds.unresolved(baseTrials);
                long endA = SteadyEnds.shifted(trials) - openA;
                long endB = SteadyEnds.shifted(baseTrials) - openB;
                if (endA + endB > 0) {
                    basis += String.format(Locale.ROOT, "; %d and %d shifted window(s) measured on their steady end", endA, endB);
                }
                if (openA + openB > 0) {
                    basis += String.format(Locale.ROOT, "; %d and %d shifted window(s) without a steady end read at their lowest "
                            + "and highest level", openA, openB);
                }
            }
        }
        boolean onEnds = endsA.isPresent() && endsB.isPresent();
        // Flags first: they void every figure of the trials, so one reason covers the lot, measured or not.
        if (!voiding.isEmpty()) {
            return Sides.none("no verdict: flagged " + String.join(", ", voiding), false);
        }
        List<double[]> a = onEnds ? endsA.orElseThrow() : single(figure.values(trials));
        List<double[]> b = onEnds ? endsB.orElseThrow() : single(figure.values(baseTrials));
        if (a.isEmpty() || b.isEmpty()) {
            return Sides.none("no verdict: not measured on both", true);
        }
        long unsettled = trials.stream().filter(TrialResult::unsettledButFlat).count();
        long baseUnsettled = baseTrials.stream().filter(TrialResult::unsettledButFlat).count();
        if (unsettled + baseUnsettled > 0) {
            basis += String.format(Locale.ROOT, "; %d and %d unsettled warm-up(s) whose window held one level", unsettled, baseUnsettled);
        }
        if (a.size() < 2 || b.size() < 2) {
            return Sides.none(String.format(Locale.ROOT,
                    "no verdict: %d and %d trial(s) give no interval; it takes at least 2 trials of each (3 or more advised: --trials 3)",
                    a.size(), b.size()), true);
        }
        if (Stream.concat(a.stream(), b.stream()).flatMapToDouble(java.util.Arrays::stream).anyMatch(v -> !(v > 0))) {
            return Sides.none("no verdict: a trial measured zero, which has no ratio", false);
        }
        List<double[]> readingsA = combinations(a);
        List<double[]> readingsB = combinations(b);
        if ((long) readingsA.size() * readingsB.size() > MOST_READINGS) {
            return Sides.none(String.format(Locale.ROOT, "no verdict: %d and %d shifted windows without a steady end, too many to read "
                    + "at each level", SteadyEnds.unresolved(trials), SteadyEnds.unresolved(baseTrials)), false);
        }
        List<Sides.Reading> readings = new ArrayList<>();
        for (double[] ra : readingsA) {
            for (double[] rb : readingsB) {
                readings.add(new Sides.Reading(ra, rb));
            }
        }
        return new Sides(readings, basis, null, false);
    }

    /** A trial per value, each read one way. */
    private static List<double[]> single(double[] values) {
        return java.util.Arrays.stream(values).mapToObj(v -> new double[] {v}).toList();
    }

    /** Every way of taking one of each trial's values; at most {@link #MOST_READINGS} + 1 are made. */
    private static List<double[]> combinations(List<double[]> choices) {
        List<double[]> out = new ArrayList<>();
        out.add(new double[0]);
        for (double[] choice : choices) {
            List<double[]> next = new ArrayList<>();
            for (double[] partial : out) {
                for (double v : choice) {
                    double[] longer = java.util.Arrays.copyOf(partial, partial.length + 1);
                    longer[partial.length] = v;
                    next.add(longer);
                    if (next.size() > MOST_READINGS) {
                        return next;
                    }
                }
            }
            out = next;
        }
        return out;
    }

    /**
     * The trials a comparison reads: one the machine disturbed (other processes took its CPU) is left
     * out, not the comparison. The machine's noise falls on a moment, not on a variant, so leaving
     * such a trial out biases neither side; a driver's or a window's flag may be the variant's doing
     * (a faster server the driver cannot keep up with, a JVM that never settles) and voids the comparison.
     */
    private static List<TrialResult> undisturbed(List<TrialResult> trials) {
        return trials.stream().filter(t -> t.outcome().flags().stream().noneMatch(f -> f.party() == Flag.Party.MACHINE)).toList();
    }

    /** The flags on either side that take a trial out of every verdict, by key. */
    private static TreeSet<String> voidingFlags(List<TrialResult> trials, List<TrialResult> others) {
        TreeSet<String> voiding = new TreeSet<>();
        for (List<TrialResult> side : List.of(trials, others)) {
            side.forEach(t -> t.voidingFlags().forEach(f -> voiding.add(f.key())));
        }
        return voiding;
    }
}
