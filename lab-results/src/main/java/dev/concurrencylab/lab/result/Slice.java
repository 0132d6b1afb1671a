package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * Where a slice of a paired design ran: which block (one fresh launch of every variant, and of the
 * base once more), which cycle of that block, at which place in the cycle's random order, and on
 * which of its variant's launches in the block. Comparisons pair slices of the same cycle; the
 * block's launches are the replicates a paired verdict's interval counts.
 *
 * @param block    the block, from 1
 * @param cycle    the cycle within the block, from 1
 * @param position the slice's place in its cycle's order, from 1
 * @param copy     1 for the variant's launch; 2 for the base's second launch, the A/A line's
 */
public record Slice(int block, int cycle, int position, int copy) {

    /** The server a slice ran on, as reports name it: the variant, or the base's second launch. */
    @JsonIgnore
    public String server(String variant) {
        return copy == 1 ? variant : variant + " (A/A)";
    }
}
