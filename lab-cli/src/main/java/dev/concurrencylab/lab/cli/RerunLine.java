package dev.concurrencylab.lab.cli;

import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The command that runs a run again, written from what picocli parsed rather than assembled by hand,
 * so an option added to {@link RunOptions} or a command is in it without another edit: every option
 * given, as given, and every option with a default at that default (a later default must not change
 * what the line runs). Only {@code --out} is left out: where results go is not what runs.
 */
final class RerunLine {

    private static final List<String> NOT_WHAT_RUNS = List.of("--out", "--help", "--version");
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

    private RerunLine() {
    }

    static String of(ParseResult parsed) {
        StringBuilder line = new StringBuilder("./lab ").append(parsed.commandSpec().name());
        for (PositionalParamSpec p : parsed.matchedPositionals()) {
            p.originalStringValues().forEach(v -> line.append(' ').append(quoted(v)));
        }
        for (OptionSpec o : parsed.commandSpec().options()) {
            String name = o.longestName();
            if (NOT_WHAT_RUNS.contains(name)) {
                continue;
            }
            if (parsed.hasMatchedOption(name)) {
                if (o.arity().max() == 0) {
                    line.append(' ').append(name);
                } else {
                    o.originalStringValues().forEach(v -> line.append(' ').append(name).append(' ').append(quoted(v)));
                }
            } else if (o.defaultValue() != null && o.arity().max() > 0) {
                line.append(' ').append(name).append(' ').append(quoted(o.defaultValue()));
            }
        }
        return line.toString();
    }

    /** As a POSIX shell reads it back. */
    private static String quoted(String value) {
        return PLAIN.matcher(value).matches() ? value : "'" + value.replace("'", "'\\''") + "'";
    }
}
