package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.verdict.Figure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Why two launches of one variant differ: for a variant whose fastest and slowest completed trials
 * are more than 15 % apart in throughput, what else differed between those two, from their own
 * figures — the window's shape, what each answer cost the server, the CPU it got, other processes,
 * the host's steal, GC, the driver's stalls, the warm-up. What none of them explains is said as such.
 */
final class LaunchSpread {

    /** Same-variant trials further apart than this are explained. */
    static final double APART = 0.15;
    /** Smaller relative differences of a figure are not offered as a cause. */
    private static final double NOTABLE = 0.05;
    /** Smaller differences of a share of a core, in points, are not offered as a cause. */
    private static final double NOTABLE_POINTS = 5;

    private LaunchSpread() {
    }

    static List<String> lines(List<String> variants, RunResults results, String benchmark) {
        List<String> lines = new ArrayList<>();
        for (String variant : variants) {
            List<TrialResult> trials = results.completed(benchmark, variant).stream().filter(t -> t.window().throughput() > 0).toList();
            // a paired design's slices of one launch differ by the host's drift, which the paired verdict sets apart
            if (trials.size() < 2 || dev.concurrencylab.lab.verdict.PairedVerdict.paired(trials)) {
                continue;
            }
            TrialResult slow = trials.stream().min(Comparator.comparingDouble(t -> t.window().throughput())).orElseThrow();
            TrialResult fast = trials.stream().max(Comparator.comparingDouble(t -> t.window().throughput())).orElseThrow();
            double apart = fast.window().throughput() / slow.window().throughput() - 1;
            if (apart <= APART) {
                continue;
            }
            List<String> causes = new ArrayList<>();
            for (TrialResult t : List.of(slow, fast)) {
                WindowShape shape = t.window().windowShape();
                if (shape != null && !shape.flat()) {
                    causes.add(String.format(Locale.ROOT, "%s window was a %s (%s went %s)",
                            t == slow ? "its" : "trial " + t.identity().repetition() + "'s", shape.shape().key(), shape.figure(), String.join(" → ", shape.segments().stream()
                                    .map(s -> Numbers.format(s.mean()) + " in s " + s.from() + "–" + s.to()).toList())));
                }
            }
            relative(slow, fast, Figure.CPU_PER_1K, "its server spent %s CPU-ms per 1,000 answers against %s", causes);
            points(slow, fast, Figure.CPU_AVG, NOTABLE_POINTS, true, "its server had %s %% of a core against %s %%", causes);
            points(slow, fast, Figure.OTHER_CPU, NOTABLE_POINTS, false, "other processes took %s %% of a core against %s %%", causes);
            steal(slow, fast, causes);
            points(slow, fast, Figure.GC_PAUSE, 1, false, "GC paused it %s %% of the window against %s %%", causes);
            if (!Boolean.TRUE.equals(slow.warmUp().steady()) && Boolean.TRUE.equals(fast.warmUp().steady())) {
                causes.add("its warm-up ended before the server was steady");
            }
            Double slowLag = slow.delivery() == null ? null : slow.delivery().driverLagMaxMs();
            Double fastLag = fast.delivery() == null ? null : fast.delivery().driverLagMaxMs();
            if (slowLag != null && fastLag != null && slowLag > 2 * fastLag && slowLag >= 20) {
                causes.add(String.format(Locale.ROOT, "the driver stalled up to %s ms against %s ms", Numbers.format(slowLag), Numbers.format(fastLag)));
            }
            String head = String.format(Locale.ROOT, "%s — launch to launch: trials %d and %d are %s %% apart (%s and %s req/s)", variant,
                    slow.identity().repetition(), fast.identity().repetition(), Numbers.format(apart * 100),
                    Numbers.format(slow.window().throughput()), Numbers.format(fast.window().throughput()));
            lines.add(head + (causes.isEmpty()
                    ? ": nothing else the lab measured differs (window shape, CPU per answer, the server's CPU, other processes, the host's steal, GC, driver stalls, warm-up)"
                    : "; in trial " + slow.identity().repetition() + ", " + String.join("; ", causes)));
        }
        return lines;
    }

    /**
     * The machine's steal, not the server's CPUs' alone: on E0's `posts` a launch's throughput went with the
     * machine's steal at −0.71, most of it on the driver's lightly loaded CPU, while the server's full CPU
     * did the same work at a higher cost (docs/methodology.md): the steal marks a busy host.
     */
    private static void steal(TrialResult slow, TrialResult fast, List<String> causes) {
        Double a = Figure.STEAL.of(slow);
        Double b = Figure.STEAL.of(fast);
        if (a == null || b == null || a - b <= NOTABLE_POINTS) {
            return;
        }
        Double sutA = Figure.SUT_STEAL.of(slow);
        Double sutB = Figure.SUT_STEAL.of(fast);
        causes.add(String.format(Locale.ROOT, "the host took %s %% of a core from the machine against %s %% (steal%s)", Numbers.format(a), Numbers.format(b),
                sutA == null || sutB == null ? "" : "; " + Numbers.format(sutA) + " and " + Numbers.format(sutB) + " % of it on the server's CPUs"));
    }

    /** Adds the slow trial's figure against the fast one's when they differ by more than {@link #NOTABLE}. */
    private static void relative(TrialResult slow, TrialResult fast, Figure figure, String said, List<String> causes) {
        Double a = figure.of(slow);
        Double b = figure.of(fast);
        if (a != null && b != null && b > 0 && Math.abs(a / b - 1) > NOTABLE) {
            causes.add(String.format(Locale.ROOT, said, Numbers.format(a), Numbers.format(b)));
        }
    }

    /** Adds a percentage when the slow trial's is worse by more than {@code by} points: lower when {@code less}, else higher. */
    private static void points(TrialResult slow, TrialResult fast, Figure figure, double by, boolean less, String said, List<String> causes) {
        Double a = figure.of(slow);
        Double b = figure.of(fast);
        if (a != null && b != null && (less ? b - a : a - b) > by) {
            causes.add(String.format(Locale.ROOT, said, Numbers.format(a), Numbers.format(b)));
        }
    }
}
