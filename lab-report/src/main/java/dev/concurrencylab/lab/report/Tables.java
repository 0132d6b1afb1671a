package dev.concurrencylab.lab.report;

import dev.concurrencylab.lab.format.Numbers;
import dev.concurrencylab.lab.result.CheckResult;
import dev.concurrencylab.lab.result.LatencySummary;
import dev.concurrencylab.lab.result.RequestFigures;
import dev.concurrencylab.lab.result.RunResults;
import dev.concurrencylab.lab.result.ThresholdResult;
import dev.concurrencylab.lab.result.TrialResult;
import dev.concurrencylab.lab.result.WindowShape;
import dev.concurrencylab.lab.verdict.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The tables beside a benchmark's main one: failed answers, checks as k6 shows them, thresholds. */
final class Tables {

    private Tables() {
    }

    /** Failed requests by class and the response times of failed answers; absent when nothing failed. */
    static Optional<Table> failures(RunResults results, String benchmark, List<String> variants) {
        List<List<String>> rows = new ArrayList<>();
        boolean any = false;
        for (String variant : variants) {
            List<TrialResult> trials = results.completed(benchmark, variant);
            if (trials.isEmpty()) {
                continue;
            }
            Map<String, Long> byClass = new LinkedHashMap<>();
            trials.forEach(t -> t.window().errors().forEach((k, v) -> byClass.merge(k, v, Long::sum)));
            long failed = byClass.values().stream().mapToLong(Long::longValue).sum();
            any |= failed > 0;
            List<String> classes = new ArrayList<>();
            byClass.forEach((k, v) -> {
                if (v > 0) {
                    classes.add(k + " " + Numbers.format(v));
                }
            });
            rows.add(List.of(variant, Numbers.format(failed), Numbers.format(Verdict.errorRate(trials) * 100),
                    classes.isEmpty() ? "–" : String.join(", ", classes), failedLatency(trials, LatencySummary::p50Ms),
                    failedLatency(trials, LatencySummary::p99Ms), failedLatency(trials, LatencySummary::maxMs)));
        }
        if (!any) {
            return Optional.empty();
        }
        return Optional.of(new Table("Failed requests (all completed trials together; never in throughput or latency above)",
                List.of("variant", "failed", "error rate (%)", "by class", "failed answers p50 (ms)", "p99 (ms)", "max (ms)"), rows,
                "Failed answers are answers outside 2xx or that failed the status or body check; timeouts, refused and reset "
                        + "connections have no answer. Their latencies are medians over trials.", -1));
    }

    /**
     * A mix's (or a sequence's) requests per variant, each counted apart: share of what was sent against its weight,
     * goodput, errors and latencies (medians over the trials); absent unless a trial sent more than one request.
     */
    static Optional<Table> requests(RunResults results, String benchmark, List<String> variants) {
        List<List<String>> rows = new ArrayList<>();
        for (String variant : variants) {
            List<TrialResult> trials = results.completed(benchmark, variant);
            Map<String, List<RequestFigures>> byName = new LinkedHashMap<>();
            trials.stream().filter(t -> t.requests() != null && t.requests().size() > 1)
                    .forEach(t -> t.requests().forEach(r -> byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r)));
            long weights = byName.values().stream().mapToLong(each -> each.getFirst().weight()).sum();
            byName.forEach((name, each) -> rows.add(List.of(variant, name,
                    Numbers.format(100.0 * each.getFirst().weight() / weights), median(each, RequestFigures::sharePercent),
                    Numbers.format(each.stream().mapToLong(RequestFigures::count).sum()), median(each, RequestFigures::throughput),
                    median(each, r -> r.errorRate() * 100), latency(each, LatencySummary::p50Ms), latency(each, LatencySummary::p90Ms),
                    latency(each, LatencySummary::p99Ms), latency(each, LatencySummary::maxMs))));
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Table("Requests of the mix or sequence (each apart; medians over trials)",
                List.of("variant", "request", "weight (%)", "sent (%)", "good answers", "throughput (/s)", "error rate (%)",
                        "p50 (ms)", "p90 (ms)", "p99 (ms)", "max (ms)"), rows,
                "A request's figures are counted as the trial's are, over its own requests; refused connects belong to no request.", -1));
    }

    private static String median(List<RequestFigures> each, Function<RequestFigures, Double> figure) {
        return Numbers.format(Spread.median(each.stream().map(figure).sorted().toList()));
    }

    private static String latency(List<RequestFigures> each, Function<LatencySummary, Double> part) {
        List<Double> values = each.stream().filter(r -> r.latency() != null).map(r -> part.apply(r.latency())).sorted().toList();
        return values.isEmpty() ? "–" : Numbers.format(Spread.median(values));
    }

    /**
     * Each trial's window by its change points: flat, or the levels it moved between; absent when
     * no window could be classed (a ramp whose throughput moved, counted windows, windows under 6 s).
     */
    static Optional<Table> windows(RunResults results, String benchmark, List<String> variants) {
        List<List<String>> rows = new ArrayList<>();
        for (String variant : variants) {
            for (TrialResult t : results.completed(benchmark, variant)) {
                WindowShape shape = t.window().windowShape();
                if (shape != null) {
                    rows.add(List.of(variant, Integer.toString(t.identity().repetition()), shape.shape().key(), shape.figure(),
                            String.join(" → ", shape.segments().stream().map(s -> Numbers.format(s.mean()) + " (s " + s.from() + "–" + s.to() + ")")
                                    .toList())));
                }
            }
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Table("Each window, second by second",
                List.of("variant", "trial", "window", "figure", "levels (seconds of the window)"), rows,
                "Change points (PELT) in the figure the warm-up watched; levels closer than the minimum effect are one level. "
                        + "A window that is not flat is flagged window-shifted: where its last level held 5 s and a third of the window, "
                        + "its throughput and latencies are compared on that steady end, else at its lowest and its highest level, and only what holds at "
                        + "both is claimed. A window whose users ramp is listed only where its answers held one level (docs/methodology.md).", -1));
    }

    /** What each answer cost the server and the services: median over trials with the range; absent when nothing was measured. */
    static Optional<Table> cost(RunResults results, String benchmark, List<String> variants) {
        List<String> services = new ArrayList<>();
        results.trials().stream().filter(t -> t.server().cost() != null).forEach(t -> t.server().cost().serviceCpuMsPer1k().keySet().stream()
                .filter(s -> !services.contains(s)).forEach(services::add));
        List<String> headings = new ArrayList<>(List.of("variant"));
        ExperimentTable.costFigures().forEach(f -> headings.add(f.heading()));
        services.forEach(s -> headings.add(s + " CPU per 1,000 answers (ms)"));
        List<List<String>> rows = new ArrayList<>();
        for (String variant : variants) {
            List<TrialResult> trials = results.trials(benchmark, variant).stream().filter(t -> t.ok() && t.server().cost() != null).toList();
            if (trials.isEmpty()) {
                continue;
            }
            List<String> row = new ArrayList<>(List.of(variant));
            ExperimentTable.costFigures().forEach(f -> {
                Spread s = Spread.of(f, trials);
                row.add(s == null ? "–" : s.text());
            });
            for (String service : services) {
                List<Double> values = trials.stream().map(t -> t.server().cost().serviceCpuMsPer1k().get(service))
                        .filter(java.util.Objects::nonNull).sorted().toList();
                row.add(values.isEmpty() ? "–" : Numbers.format(Spread.median(values)));
            }
            rows.add(row);
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Table("Cost per request (server resources over the measured window, per answer)",
                headings, rows, "Independent of how hard the driver pushed, so the fairest comparison between concurrency models. "
                        + "Allocation is Micrometer's count, taken at each GC. – is unknown: allocation where no GC was counted in the "
                        + "window or a metrics scrape went unanswered, GC pause where a scrape went unanswered, context switches where the "
                        + "server's live-thread sum went down; a median is over the trials that measured the figure.", -1));
    }

    /** Each check per variant, pass rate per trial and over all trials, as k6's summary shows it. */
    static Optional<Table> checks(RunResults results, String benchmark, List<String> variants) {
        List<List<String>> rows = new ArrayList<>();
        for (String variant : variants) {
            List<TrialResult> trials = results.completed(benchmark, variant);
            Map<String, List<CheckResult>> byName = new LinkedHashMap<>();
            trials.forEach(t -> t.judged().checks().forEach(c -> byName.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(c)));
            byName.forEach((name, each) -> {
                long passes = each.stream().mapToLong(CheckResult::passes).sum();
                long fails = each.stream().mapToLong(CheckResult::fails).sum();
                rows.add(List.of(variant, mark(fails == 0) + " " + name,
                        String.join(" · ", each.stream().map(c -> mark(c.fails() == 0) + " " + rate(c.rate())).toList()),
                        rate(CheckResult.of(name, passes, fails).rate()), Numbers.format(passes), Numbers.format(fails)));
            });
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Table("Checks (k6-style: every answer passes or fails each check)",
                List.of("variant", "check", "pass rate per trial", "pass rate", "passes", "fails"), rows,
                "A failed check is information, not a disqualification; only a threshold turns it into a failure.", -1));
    }

    /** Each threshold per variant: its figure per trial, and met only when every trial met it. */
    static Optional<Table> thresholds(RunResults results, String benchmark, List<String> variants) {
        List<List<String>> rows = new ArrayList<>();
        for (String variant : variants) {
            List<TrialResult> trials = results.completed(benchmark, variant);
            Map<String, List<ThresholdResult>> byText = new LinkedHashMap<>();
            trials.forEach(t -> t.judged().thresholds().forEach(r -> byText.computeIfAbsent(r.threshold(), k -> new ArrayList<>()).add(r)));
            byText.forEach((text, each) -> {
                long met = each.stream().filter(ThresholdResult::passed).count();
                rows.add(List.of(variant, text,
                        String.join(" · ", each.stream().map(r -> mark(r.passed()) + " " + (r.actual() == null ? "–" : Numbers.format(r.actual()))).toList()),
                        met == each.size() ? "✓ met" : String.format(Locale.ROOT, "✗ crossed (met in %d of %d trials)", met, each.size())));
            });
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Table("Thresholds (a crossed one makes ./lab exit 3)",
                List.of("variant", "threshold", "per trial", "variant"), rows, null, -1));
    }

    private static String failedLatency(List<TrialResult> trials, Function<LatencySummary, Double> part) {
        List<Double> values = trials.stream().filter(t -> t.latencies().failedLatency() != null).map(t -> part.apply(t.latencies().failedLatency())).sorted().toList();
        return values.isEmpty() ? "–" : Numbers.format(Spread.median(values));
    }

    private static String mark(boolean passed) {
        return passed ? "✓" : "✗";
    }

    /** Pass rates keep their decimals near 100 %, where 99.99 % and 100 % differ. */
    private static String rate(Double percent) {
        if (percent == null) {
            return "–";
        }
        return percent == 100 ? "100 %" : String.format(Locale.ROOT, percent >= 99 ? "%.3f %%" : "%.1f %%", Math.floor(percent * 1000) / 1000);
    }
}
