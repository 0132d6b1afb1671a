package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Which trials share a server's JVM. A fresh JVM per trial keeps one benchmark's JIT profile out of
 * another's (JMH forks per benchmark) but pays a start-up and a cold warm-up every trial; sharing one
 * per round pays them once per variant and round, and leaves what one benchmark did to the JVM
 * (its compiled code, its heap, its pools) to the next (docs/methodology.md says what that cost here).
 */
public enum Launch {
    /** Every trial on a fresh server (the default). */
    @JsonProperty("per-trial")
    PER_TRIAL,
    /**
     * One server per variant and round, running the round's benchmarks in turn, each after its own
     * warm-up; the order turns by one benchmark each round, so no benchmark always runs first.
     */
    @JsonProperty("per-round")
    PER_ROUND;

    /** As a suite file writes it. */
    public String key() {
        return this == PER_TRIAL ? "per-trial" : "per-round";
    }
}
