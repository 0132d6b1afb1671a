package dev.concurrencylab.lab.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The driver's own open-files limit and use, as the kernel sees them: every connection the driver
 * opens is a file descriptor, so this is one of the driver's limits, to be named as the driver's.
 *
 * @param soft  the limit in force ({@code ulimit -Sn}); -1 when unknown, {@link Long#MAX_VALUE} when unlimited
 * @param hard  the most the soft limit may be raised to ({@code ulimit -Hn})
 * @param open  descriptors open now; -1 when they could not be counted (which running out prevents)
 */
public record OpenFiles(long soft, long hard, long open) {

    private static final Path LIMITS = Path.of("/proc/self/limits");
    private static final Path FDS = Path.of("/proc/self/fd");

    public static OpenFiles ofThisProcess() {
        long[] limits = readLimits().orElse(new long[] {-1, -1});
        long open;
        try (Stream<Path> fds = Files.list(FDS)) {
            open = fds.count();
        } catch (IOException | java.io.UncheckedIOException e) {
            open = -1;
        }
        return new OpenFiles(limits[0], limits[1], open);
    }

    /** e.g. {@code 1,019 of 1,024 open (hard limit 1,024)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s of %s open (hard limit %s)", open < 0 ? "?" : String.format(Locale.ROOT, "%,d", open),
                figure(soft), figure(hard));
    }

    private static String figure(long v) {
        return v < 0 ? "?" : v == Long.MAX_VALUE ? "unlimited" : String.format(Locale.ROOT, "%,d", v);
    }

    /** The "Max open files" line: {@code Max open files  1024  524288  files}. */
    private static Optional<long[]> readLimits() {
        try {
            return Files.readAllLines(LIMITS).stream().filter(l -> l.startsWith("Max open files")).findFirst().map(l -> {
                String[] parts = l.substring("Max open files".length()).trim().split("\\s+");
                return new long[] {parse(parts[0]), parse(parts[1])};
            });
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static long parse(String v) {
        return "unlimited".equals(v) ? Long.MAX_VALUE : Long.parseLong(v);
    }
}
