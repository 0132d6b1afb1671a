package dev.concurrencylab.lab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The command that runs a run again, written from what picocli parsed rather than assembled by hand,
 * so an option added to {@link RunOptions} or a command is in it without another edit: every option
 * given, as given, and every option with a default at that default (a later default must not change
 * what the line runs). Only {@code --out} and {@code --export} are left out: where results go is not what runs.
 */
final class RerunLine {

    private static final List<String> NOT_WHAT_RUNS = List.of("--out", "--export", "--help", "--version");
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

    private RerunLine() {
    }

    static String of(ParseResult parsed) {
        StringBuilder line = new StringBuilder("./lab ").append(parsed.commandSpec().name());
        for (PositionalParamSpec p : parsed.matchedPositionals()) {
            p.originalStringValues().forEach(v -> line.append(' ').append(quoted(fromAnywhere(v))));
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

    /**
     * A re-run line's words, as a POSIX shell reads them: the inverse of the quoting here (plain words,
     * and single-quoted ones with {@code '\''} for a quote inside).
     *
     * @throws IllegalArgumentException when a quote is not closed
     */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            word = word == null ? new StringBuilder() : word;
            if (c == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
            } else if (c == '\'') {
                int close = line.indexOf('\'', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("unclosed quote in: " + line);
                }
                word.append(line, i + 1, close);
                i = close;
            } else {
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /**
     * A suite file given by a relative path, made absolute: the line is run again (and {@code ./lab
     * resume} reads it) from whatever folder the user is in then. A suite named from suites/ stays a name.
     */
    private static String fromAnywhere(String value) {
        boolean aPath = value.contains("/") || value.endsWith(".yaml") || value.endsWith(".yml");
        Path path = Path.of(value);
        return aPath && !path.isAbsolute() && Files.isRegularFile(path) ? path.toAbsolutePath().normalize().toString() : value;
    }

    /** As a POSIX shell reads it back. */
    private static String quoted(String value) {
        return PLAIN.matcher(value).matches() ? value : "'" + value.replace("'", "'\\''") + "'";
    }
}
