package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * A reason not to read a trial's numbers at face value, with whose doing it was. Flags about the
 * driver or the window void every verdict the trial would take part in: the numbers may not be
 * the server's as it runs. A trial the machine disturbed is left out of its comparisons, which the
 * other trials decide. Flags about the server are results: they are shown beside the numbers, never hidden.
 * The figures behind each flag are in the trial's {@code reasons}.
 */
public enum Flag {

    GENERATOR_LIMITED("generator-limited", Party.DRIVER,
            "the load driver, not the server, was the limit: its JVM stalled, or requests left late while the server answered in time"),
    DRIVER_SATURATED("driver-saturated", Party.DRIVER, "the driver used (nearly) all the CPU it may use"),
    DRIVER_OUT_OF_FILES("driver-out-of-files", Party.DRIVER,
            "the driver's process ran out of file descriptors: connections it needed were never opened (its limit, not the server's)"),
    DRIVER_OUT_OF_PORTS("driver-out-of-ports", Party.DRIVER,
            "the driver ran out of local ports for new connections (its limit, not the server's)"),
    NOT_STEADY("not-steady", Party.WINDOW, "the warm-up reached its maximum before the server was in steady state: compared only where the window's own "
            + "series shows one level (or is measured on its steady end, as window-shifted says); a window too short to tell is void",
            "the window's doing: voids verdicts unless the window's series was classified"),
    WINDOW_SHIFTED("window-shifted", Party.WINDOW,
            "the window's per-second figure moved by more than the minimum effect part-way through (a change point): its averages mix two levels",
            "the window's doing: measured on its steady end where the last level held 5 s and a third of the window, else voids verdicts"),
    NOISY("noisy", Party.MACHINE, "other processes took more CPU than the noise threshold during the trial"),
    OVERLOADED("overloaded", Party.SERVER,
            "the server answered slower than requests arrived, or closed connections it could not serve: requests waited, so latency is a lower bound"),
    ERRORS("errors", Party.SERVER, "more requests failed than the suite's max-error-rate allows: compared on failures, not latency or throughput"),
    FAILED_CHECKS("failed-checks", Party.SERVER, "some answers failed a check of the suite (see the checks table); information, not a disqualification"),
    SERVER_DIED("server-died", Party.SERVER, "the server under test died during the trial"),
    WORK_NOT_COMPLETED("work-not-completed", Party.SERVER, "handed-off work was lost or still pending when the lab stopped waiting"),
    SERVICE_DIED("service-died", Party.LAB, "a backing service the lab started (PostgreSQL, Kafka, RabbitMQ, Redis) died: the run stops"),
    FAILED("failed", Party.LAB, "the trial could not run");

    /** Whose doing a flag is. */
    public enum Party {
        /** The load driver: the numbers may be the driver's limit, not the server's. */
        DRIVER,
        /** The machine the trial shared: other work may have moved the numbers. */
        MACHINE,
        /** The server under test: a result in its own right. */
        SERVER,
        /** The measured window itself: it may not show the server as it runs once settled. */
        WINDOW,
        /** The lab could not run the trial. */
        LAB
    }

    private final String key;
    private final Party party;
    private final String meaning;
    private final String effect;

    Flag(String key, Party party, String meaning) {
        this(key, party, meaning, switch (party) {
            case DRIVER -> "the driver's doing: voids verdicts";
            case MACHINE -> "the machine's doing: the trial is left out of verdicts, the others decide";
            case SERVER -> "the server's doing: a result, shown";
            case WINDOW -> "the window's doing: voids verdicts";
            case LAB -> "the lab could not run the trial";
        });
    }

    /** A flag whose trials are still compared where their window allows says so in its own {@code effect}. */
    Flag(String key, Party party, String meaning, String effect) {
        this.key = key;
        this.party = party;
        this.meaning = meaning;
        this.effect = effect;
    }

    @JsonValue
    public String key() {
        return key;
    }

    public Party party() {
        return party;
    }

    public String meaning() {
        return meaning;
    }

    /** Whose doing the flag is and what it does to the verdicts the trial takes part in, as a report says it. */
    public String effect() {
        return effect;
    }

    /** True for flags about the driver, the machine or the window: a verdict on such a trial would compare the wrong thing ({@code Verdict} leaves a machine-flagged trial out first). */
    public boolean voidsVerdicts() {
        return party == Party.DRIVER || party == Party.MACHINE || party == Party.WINDOW;
    }

    @JsonCreator
    public static Flag of(String key) {
        return Arrays.stream(values()).filter(f -> f.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown flag '" + key + "'"));
    }

    @Override
    public String toString() {
        return key;
    }
}
