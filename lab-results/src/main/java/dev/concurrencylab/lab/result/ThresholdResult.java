package dev.concurrencylab.lab.result;

/**
 * One of the suite's thresholds judged on a trial.
 *
 * @param threshold as the suite wrote it, e.g. {@code p95 < 500ms}
 * @param actual    the trial's figure in the threshold's unit, or {@code null} when the trial has none
 * @param passed    whether the figure met the threshold (a trial without the figure does not)
 */
public record ThresholdResult(String threshold, Double actual, boolean passed) {
}
