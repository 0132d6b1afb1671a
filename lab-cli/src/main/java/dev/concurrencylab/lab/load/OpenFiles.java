package dev.concurrencylab.lab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The driver's own open-files limit, as the kernel applies it: every connection the driver opens is
 * a file descriptor, so this is one of the driver's limits, to be named as the driver's.
 *
 * @param soft the limit in force ({@code ulimit -Sn}); -1 when unknown, {@link Long#MAX_VALUE} when unlimited
 * @param hard the most the soft limit may be raised to ({@code ulimit -Hn})
 */
public record OpenFiles(long soft, long hard) {

    private static final Path LIMITS = Path.of("/proc/self/limits");

    /** From {@code /proc/self/limits}: {@code Max open files  1024  524288  files}. */
    public static OpenFiles ofThisProcess() {
        try {
            return Files.readAllLines(LIMITS).stream().filter(l -> l.startsWith("Max open files")).findFirst().map(l -> {
                String[] parts = l.substring("Max open files".length()).trim().split("\\s+");
                return new OpenFiles(parse(parts[0]), parse(parts[1]));
            }).orElse(new OpenFiles(-1, -1));
        } catch (IOException | RuntimeException e) {
            return new OpenFiles(-1, -1);
        }
    }

    /** e.g. {@code open-files limit 1,024 (hard 1,024)}. */
    public String describe() {
        return "open-files limit " + figure(soft) + " (hard " + figure(hard) + ")";
    }

    private static String figure(long v) {
        return v < 0 ? "unknown" : v == Long.MAX_VALUE ? "unlimited" : String.format(Locale.ROOT, "%,d", v);
    }

    private static long parse(String v) {
        return "unlimited".equals(v) ? Long.MAX_VALUE : Long.parseLong(v);
    }
}
