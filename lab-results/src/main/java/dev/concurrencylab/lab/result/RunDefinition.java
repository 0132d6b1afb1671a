package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What was asked for: the suite as it was run and the line that runs it again.
 *
 * @param trialsPerVariant trials per variant and benchmark; in a sequential run, at most
 * @param stopping   how the count is reached: fixed, or rounds that stop once decided (and by which rule); absent in older runs
 * @param command    the re-run line: every option that changes what runs
 * @param suiteAsRun the suite file's text when the run started
 */
public record RunDefinition(String suite, String scale, int trialsPerVariant, String stopping, String command, String suiteFile,
        String suiteAsRun, int trialsPlanned) {

    /** How a sequential run's {@code stopping} begins; the rule follows it. */
    public static final String SEQUENTIAL = "sequential: ";

    /** The run's trials ran in rounds that could stop early. */
    @JsonIgnore
    public boolean sequential() {
        return stopping != null && stopping.startsWith(SEQUENTIAL);
    }
}
