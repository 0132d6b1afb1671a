package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.VerdictRules;
import dev.concurrencylab.lab.usage.JfrSummary;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "Why is it faster?": one line per variant, built only from what was measured — what each answer
 * cost the server, against the base with its interval, and what the JFR recordings show when the
 * run kept them. Never from assumptions about the concurrency model.
 */
final class Why {

    private Why() {
    }

    static List<String> lines(List<String> variants, String base, RunResults results, String benchmark, VerdictRules rules) {
        List<String> lines = new ArrayList<>();
        List<TrialResult> baseTrials = results.trials(benchmark, base);
        for (String variant : variants) {
            List<TrialResult> trials = results.completed(benchmark, variant);
            if (trials.isEmpty()) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            Spread cpu = Spread.of(Figure.CPU_PER_1K, trials);
            if (cpu != null) {
                String said = String.format(Locale.ROOT, "%s CPU-ms per 1,000 answers", Numbers.format(cpu.median()));
                if (!variant.equals(base)) {
                    said += " (" + Verdict.of(Figure.CPU_PER_1K, variant, trials, base, baseTrials, rules).text() + ")";
                }
                parts.add(said);
            }
            figure(trials, Figure.ALLOCATED_PER_1K, "MB allocated per 1,000 answers", "allocation per 1,000 answers").ifPresent(parts::add);
            figure(trials, Figure.SWITCHES_PER_ANSWER, "context switches per answer", "context switches per answer").ifPresent(parts::add);
            profile(trials).ifPresent(parts::add);
            if (!parts.isEmpty()) {
                lines.add(variant + " — " + String.join("; ", parts));
            }
        }
        return lines;
    }

    /**
     * The median over the trials whose window carries the figure, saying how many those were when not all;
     * "unknown" when none does, so a gap in the monitor's record is never read as a zero.
     */
    private static Optional<String> figure(List<TrialResult> trials, Figure figure, String what, String unknown) {
        long costed = trials.stream().filter(t -> t.ok() && t.server().cost() != null).count();
        if (costed == 0) {
            return Optional.empty();
        }
        Spread s = Spread.of(figure, trials);
        if (s == null) {
            return Optional.of(unknown + " unknown");
        }
        return Optional.of(Numbers.format(s.median()) + " " + what + (s.n() < costed ? " (" + s.n() + " of " + costed + " trials)" : ""));
    }

    /** What the recordings show, over every recorded trial; hot methods and allocation of the trial with the most samples. */
    private static Optional<String> profile(List<TrialResult> trials) {
        List<TrialResult> recorded = trials.stream().filter(t -> t.server().profile() != null).toList();
        if (recorded.isEmpty()) {
            return Optional.empty();
        }
        JfrSummary richest = recorded.stream().map(t -> t.server().profile()).max(Comparator.comparingLong(JfrSummary::samples)).orElseThrow();
        double window = recorded.stream().mapToDouble(t -> t.window().windowSeconds()).sum();
        long pinned = recorded.stream().mapToLong(t -> t.server().profile().pinned().count()).sum();
        double pinnedMs = recorded.stream().mapToDouble(t -> t.server().profile().pinned().totalMs()).sum();
        double blockedMs = recorded.stream().mapToDouble(t -> t.server().profile().eventLoopBlockedMs()).sum();
        long gcs = recorded.stream().mapToLong(t -> t.server().profile().gcPauses().count()).sum();
        double gcMs = recorded.stream().mapToDouble(t -> t.server().profile().gcPauses().totalMs()).sum();
        List<String> said = new ArrayList<>();
        said.add("JFR (" + recorded.size() + " trial(s), " + Numbers.format(window) + " s): hottest "
                + shares(richest.hotMethods(), 3, " %"));
        if (!richest.allocations().isEmpty()) {
            said.add("most allocated " + shares(richest.allocations(), 2, " %"));
        }
        said.add(String.format(Locale.ROOT, "%s GC pause(s), %s ms", Numbers.format(gcs), Numbers.format(gcMs)));
        if (pinned > 0) {
            said.add(String.format(Locale.ROOT, "%s virtual-thread pinning event(s), %s ms, at %s", Numbers.format(pinned),
                    Numbers.format(pinnedMs), shares(richestBy(recorded, true), 2, " ms")));
        }
        if (blockedMs > 0) {
            said.add(String.format(Locale.ROOT, "event-loop threads blocked %s ms (%s %% of the window), in %s", Numbers.format(blockedMs),
                    Numbers.format(100 * blockedMs / (window * 1000)), shares(richestBy(recorded, false), 2, " ms")));
        }
        long loopSamples = recorded.stream().mapToLong(t -> t.server().profile().eventLoopSamples()).sum();
        long loopBlocking = recorded.stream().mapToLong(t -> t.server().profile().eventLoopBlockingSamples()).sum();
        if (loopSamples > 0) {
            said.add(String.format(Locale.ROOT, "event-loop threads in blocking code (JDBC, blocking sockets, sleep, park) in %s of %s samples (%s %%)",
                    Numbers.format(loopBlocking), Numbers.format(loopSamples), Numbers.format(100.0 * loopBlocking / loopSamples)));
        }
        long submitFailed = recorded.stream().mapToLong(t -> t.server().profile().submitFailed()).sum();
        if (submitFailed > 0) {
            said.add(Numbers.format(submitFailed) + " virtual-thread submit failure(s)");
        }
        long locks = recorded.stream().mapToLong(t -> t.server().profile().lockContention().count()).sum();
        if (locks > 0) {
            said.add(String.format(Locale.ROOT, "%s lock wait(s) of 1 ms or more, %s ms", Numbers.format(locks),
                    Numbers.format(recorded.stream().mapToDouble(t -> t.server().profile().lockContention().totalMs()).sum())));
        }
        return Optional.of(String.join(", ", said));
    }

    /** Pinning places (or event-loop blocking places) of the trial where they took longest. */
    private static List<JfrSummary.Share> richestBy(List<TrialResult> recorded, boolean pinning) {
        return recorded.stream().map(t -> t.server().profile())
                .max(Comparator.comparingDouble(p -> pinning ? p.pinned().totalMs() : p.eventLoopBlockedMs()))
                .map(p -> pinning ? p.pinned().where() : p.eventLoopBlocks()).orElse(List.of());
    }

    private static String shares(List<JfrSummary.Share> shares, int n, String unit) {
        return String.join(", ", shares.stream().limit(n).map(s -> s.name() + " " + Numbers.format(s.value()) + unit).toList());
    }
}
