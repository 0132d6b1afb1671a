package dev.concurrencylab.lab.suite;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How a benchmark's variants are set against each other. A fresh design gives every trial a server of
 * its own, trials interleaved, and compares windows that ran minutes apart; a paired design keeps one
 * launch of every variant (and of the base once more) alive in a block and measures them in short
 * slices seconds apart, so the host's drift falls on both sides of every pair (docs/methodology.md).
 */
public enum Design {
    @JsonProperty("fresh")
    FRESH,
    @JsonProperty("paired")
    PAIRED;

    /** As a suite file writes it. */
    public String key() {
        return this == FRESH ? "fresh" : "paired";
    }
}
