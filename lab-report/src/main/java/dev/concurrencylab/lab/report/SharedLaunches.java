package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.verdict.CarryOver;
import dev.concurrencylab.lab.verdict.Figure;
import dev.concurrencylab.lab.verdict.RatioInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The summary's sentences on shared launches, where a round's trials took turns on one server: a
 * reader of such a run should know its JVMs were not all fresh, and what that changed ({@link CarryOver}).
 */
final class SharedLaunches {

    private SharedLaunches() {
    }

    /**
     * Says how many trials ran on a server an earlier trial started, when any did (their JVM was not
     * fresh), and what that changed, read within each server: over all variants, then each variant's own.
     */
    static String summary(List<TrialResult> trials) {
        long shared = trials.stream().filter(t -> t.identity().sharedServer()).count();
        if (shared == 0) {
            return "";
        }
        List<TrialResult> completed = trials.stream().filter(TrialResult::ok).toList();
        Optional<CarryOver> throughput = CarryOver.of(completed, Figure.THROUGHPUT);
        Optional<CarryOver> p99 = CarryOver.of(completed, Figure.P99);
        String measured = throughput.isEmpty() || p99.isEmpty()
                ? " Too few servers ran trials both first and after another benchmark to say what following one changed."
                : String.format(Locale.ROOT, " Read within each server, each server's and benchmark's level set apart, the trials that followed another benchmark had "
                        + "%s the throughput and %s the p99 of the one that started their server (%d servers).",
                        carried(throughput.get()), carried(p99.get()), throughput.get().servers())
                        + byVariant(completed);
        return String.format(" Launches were shared: %d of the %d trials ran on the server an earlier trial of their variant's round "
                + "had started, after that trial's benchmark; no benchmark ran twice on one server.", shared, trials.size()) + measured;
    }

    /**
     * The throughput step read within each variant's own servers, where two variants or more give one: a common
     * step can average one variant's large step with others' none.
     */
    private static String byVariant(List<TrialResult> completed) {
        List<String> said = new ArrayList<>();
        for (String variant : completed.stream().map(t -> t.identity().variant()).distinct().toList()) {
            CarryOver.of(completed.stream().filter(t -> t.identity().variant().equals(variant)).toList(), Figure.THROUGHPUT)
                    .ifPresent(c -> said.add(String.format(Locale.ROOT, "%s %s, %d servers", variant, carried(c), c.servers())));
        }
        return said.size() < 2 ? "" : " The throughput's step read within each variant's servers alone: " + String.join("; ", said) + ".";
    }

    private static String carried(CarryOver c) {
        return String.format(Locale.ROOT, "%.2f× (95 %% CI %s)", c.ratio(), RatioInterval.ends(c.low(), c.high(),
                x -> String.format(Locale.ROOT, "%.2f", x)));
    }
}
