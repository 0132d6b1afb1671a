package dev.concurrencylab.lab.result;

/**
 * What was asked for: the suite as it was run and the line that runs it again.
 *
 * @param command    the re-run line: every option that changes what runs
 * @param suiteAsRun the suite file's text when the run started
 */
public record RunDefinition(String suite, String scale, int trialsPerVariant, String command, String suiteFile,
        String suiteAsRun, int trialsPlanned) {
}
