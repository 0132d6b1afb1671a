package dev.concurrencylab.lab.report;

import java.util.List;

/**
 * A table as both renderers draw it.
 *
 * @param title   shown above the table; empty for the section's main table
 * @param flagged index of a column whose non-empty cells are flags, or -1
 */
public record Table(String title, List<String> headings, List<List<String>> rows, String note, int flagged) {
}
