package dev.concurrencylab.lab.report;

import static dev.concurrencylab.lab.verdict.Figure.*;

import dev.concurrencylab.lab.verdict.Figure;
import java.util.List;

/**
 * The table each experiment published, with the lab's figures in its columns. A suite named
 * {@code e0-…} to {@code e4-…} gets its experiment's table; any other suite the general one.
 */
public enum ExperimentTable {

    E0("E0 (k6)", List.of(THROUGHPUT, MEAN, P50, P90, P95, P99, MAX, ERROR_RATE, COUNT, CPU_AVG, CPU_PEAK, RSS_AVG,
            RSS_PEAK, THREADS_AVG, THREADS_PEAK), null),
    E1("E1 (Gatling)", List.of(COUNT, FAILED, THROUGHPUT, WINDOW, MIN, MEAN, P50, P95, P99, MAX, CPU_AVG, STARTUP, HEAP_PEAK,
            THREADS_PEAK), null),
    E2("E2 (ab)", List.of(THROUGHPUT, MEAN, WINDOW, COUNT, FAILED, COMPLETED, HANDOFF_P50, HANDOFF_P99), null),
    E3("E3 (vegeta)", List.of(SENT, SEND_RATE, THROUGHPUT_TOTAL, THROUGHPUT, DURATION_TOTAL, WINDOW, WAIT, MIN, MEAN, P50, P90, P95,
            P99, MAX, SUCCESS_RATIO, COMPLETED, HANDOFF_P50, HANDOFF_P99),
            "vegeta's Requests [total, rate, throughput] are requests, rate and throughput over total time (good answers over "
            + "attack + wait); the lab's goodput beside it divides the same good answers by the attack alone. Duration "
            + "[total, attack, wait]: the window is the attack. Status codes and the error set are in the failures table "
            + "(non-2xx answers are status errors; requests with no answer are timeouts, resets or refusals). Work completed and "
            + "hand-off→done: the saves and publishes each answer promised, counted when Kafka acknowledged them. Bytes in/out "
            + "are not measured (Hyperfoil 0.25.2 does not report them per request)."),
    E4("E4 (JMeter)", List.of(COUNT, MEAN, MIN, MAX, STD_DEV, ERROR_RATE, THROUGHPUT, THREADS_PEAK), null),
    GENERAL("", List.of(THROUGHPUT, P50, P99, ERROR_RATE, CPU_AVG, RSS_PEAK, THREADS_PEAK, HEAP_PEAK), null);

    private final String source;
    private final List<Figure> columns;
    private final String note;

    ExperimentTable(String source, List<Figure> columns, String note) {
        this.source = source;
        this.columns = columns;
        this.note = note;
    }

    public static ExperimentTable forSuite(String suite) {
        for (ExperimentTable t : values()) {
            if (t != GENERAL && suite.toLowerCase().startsWith(t.name().toLowerCase() + "-")) {
                return t;
            }
        }
        return GENERAL;
    }

    /** Whose table this is, e.g. {@code E0 (k6)}; empty for the general table. */
    public String source() {
        return source;
    }

    public List<Figure> columns() {
        return columns;
    }

    /** What the original had that the lab does not measure, or {@code null}. */
    public String note() {
        return note;
    }

    /**
     * The figures verdicts are given on: throughput and tail latency where the experiment has them,
     * and the server's CPU and allocation per answer, which do not depend on how hard the driver pushed.
     */
    public List<Figure> verdictFigures() {
        List<Figure> figures = new java.util.ArrayList<>(columns.stream().filter(f -> f == THROUGHPUT || f == P99 || f == CPU_AVG
                || f == THREADS_PEAK || f == STARTUP || f == HANDOFF_P99).toList());
        figures.addAll(List.of(CPU_PER_1K, ALLOCATED_PER_1K));
        return figures;
    }

    /** The cost-per-request figures, in their own table beside every experiment's. */
    public static List<Figure> costFigures() {
        return List.of(CPU_PER_1K, ALLOCATED_PER_1K, GC_PAUSE_PER_1K, SWITCHES_PER_ANSWER);
    }
}
