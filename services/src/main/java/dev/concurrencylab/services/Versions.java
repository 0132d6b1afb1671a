package dev.concurrencylab.services;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a binary's version from what it prints. */
final class Versions {

    private static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+)+");

    private Versions() {
    }

    static String output(Path binary, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = binary.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    static String firstNumber(String text) {
        Matcher m = VERSION.matcher(text);
        return m.find() ? m.group() : "unknown";
    }
}
