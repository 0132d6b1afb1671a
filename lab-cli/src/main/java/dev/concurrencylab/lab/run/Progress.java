package dev.concurrencylab.lab.run;

import dev.concurrencylab.lab.binding.DurationText;
import dev.concurrencylab.lab.load.LoadListener;
import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.plan.PlannedTrial;
import dev.concurrencylab.lab.result.Flag;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * The progress line: trial k/n, variant, benchmark, phase, elapsed and ETA, live answers per second
 * and failures. On a terminal it rewrites one line; in a log it prints a line every few seconds.
 */
final class Progress implements LoadListener {

    private final PrintStream out;
    private final boolean terminal;
    /** Trials the run will write: the plan's, less those a sequential run found it need not run. */
    private volatile int total;
    private final long runStart = System.nanoTime();
    private volatile int done;
    /** Trials a resumed run wrote in its earlier parts: no part of this part's pace. */
    private volatile int already;
    private volatile String prefix = "";
    private volatile String phase = "";
    private volatile long lastAnswered;
    private volatile long lastPrint;

    /** A trial's time as the plan's estimate gives it, until the first trial ends; {@code null}: none. */
    private volatile Duration firstGuess;
    private volatile int paceAfter = 1;

    Progress(PrintStream out, boolean terminal, int total) {
        this.out = out;
        this.terminal = terminal;
        this.total = total;
    }

    /** The ETA starts from {@code perTrial} (the dry run's estimate) rather than "?". */
    void guess(Duration perTrial) {
        firstGuess = perTrial;
    }

    /**
     * The ETA follows the pace only once {@code n} trials have ended. A paired block spends its first
     * minutes starting and warming its servers before its first slice, so one block's slices must end
     * before slices per minute say anything (the first slice's pace once read 1 h 32 min for a 10 min run).
     */
    void paceAfter(int n) {
        paceAfter = Math.max(1, n);
    }

    void trial(PlannedTrial trial) {
        var slice = trial.slice();
        prefix = slice == null ? String.format("[%d/%d] %s · %s · trial %d", trial.number(), total, trial.variant().name(),
                trial.benchmark().name(), trial.repetition())
                : slice.cycle() == 0 ? String.format("block %d · %s · %s · warm-up", slice.block(), slice.server(trial.variant().name()),
                        trial.benchmark().name())
                : String.format("[%d/%d] %s · %s · block %d, cycle %d", trial.number(), total, slice.server(trial.variant().name()),
                        trial.benchmark().name(), slice.block(), slice.cycle());
        lastAnswered = 0;
    }

    int total() {
        return total;
    }

    /** {@code n} planned trials will not run: the ETA counts only what is left. */
    void skip(int n) {
        total -= n;
    }

    /** A resumed run: {@code n} of its trials were written before, and are not run again. */
    void already(int n) {
        already = n;
    }

    /** A measured trial's line: status, goodput, latency, errors, and what was flagged or crossed. */
    void finished(TrialResult result, long errors) {
        List<String> crossed = result.judged().thresholds().stream().filter(t -> !t.passed()).map(ThresholdResult::threshold).toList();
        LatencySummary latency = result.latencies().latency();
        List<Flag> flags = result.outcome().flags();
        // A p99 of a run that fell behind its schedule is a floor: the requests it never sent are not in it.
        finished(String.format("%s · %,.0f req/s · p50 %s ms · p99 %s ms · %,d errors%s%s", result.outcome().status(),
                result.window().throughput(), latency == null ? "-" : latency.p50Ms(), latency == null ? "-" : (result.delivery() != null && result.delivery().behind() > 0 ? "≥ " : "") + latency.p99Ms(),
                errors,
                flags.isEmpty() ? "" : " · flags: " + String.join(", ", flags.stream().map(Flag::key).toList()),
                crossed.isEmpty() ? "" : " · thresholds crossed: " + String.join(", ", crossed)));
    }

    void finished(String summary) {
        done++;
        line(prefix + " · " + summary);
    }

    /** What a step that is not a trial came to (a block's warm-up), on its prefix's line. */
    void ended(String summary) {
        line(prefix + " · " + summary);
    }

    void note(String text) {
        line(text);
    }

    @Override
    public void phase(LoadPhase phase) {
        this.phase = phase.key();
        lastAnswered = 0;
    }

    @Override
    public void progress(long answered, long failed) {
        long rate = answered - lastAnswered;
        lastAnswered = answered;
        String text = String.format("%s · %s · %s elapsed, ETA %s · %,d req/s · %,d failed", prefix, phase,
                clock(Duration.ofNanos(System.nanoTime() - runStart)), eta(), rate, failed);
        if (terminal) {
            out.print("\r\033[K" + text);
            out.flush();
        } else if (System.nanoTime() - lastPrint > 5_000_000_000L) {
            lastPrint = System.nanoTime();
            out.println(text);
        }
    }

    private void line(String text) {
        if (terminal) {
            out.print("\r\033[K");
        }
        out.println(text);
    }

    /** From the pace so far; until the first trial ends, from the plan's estimate ("~"), or unknown. */
    private String eta() {
        if (done < paceAfter) {
            Duration guess = firstGuess;
            if (guess == null) {
                return "?";
            }
            Duration left = guess.multipliedBy(total - already).minusNanos(System.nanoTime() - runStart);
            return "~" + clock(left.isNegative() ? Duration.ZERO : left);
        }
        long perTrial = (System.nanoTime() - runStart) / done;
        return clock(Duration.ofNanos(perTrial * (total - already - done)));
    }

    private static String clock(Duration d) {
        return DurationText.clock(d);
    }
}
