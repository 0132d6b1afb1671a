package dev.concurrencylab.lab.jit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A HotSpot JVM's performance counters, read from the file it keeps them in
 * ({@code /tmp/hsperfdata_USER/PID}, what {@code jstat} reads): no attach, no safepoint, nothing
 * the server does on its behalf. The layout is HotSpot's {@code PerfDataPrologue} followed by
 * {@code PerfDataEntry} records (name, type, value); only scalar long counters are read.
 */
public final class PerfData {

    private static final int MAGIC = 0xcafec0c0;
    private static final Path TMP = Path.of("/tmp");

    private final Path file;

    PerfData(Path file) {
        this.file = file;
    }

    /** The counters of the JVM with process id {@code pid} on this machine, or empty when it keeps none (not HotSpot, {@code -XX:-UsePerfData}). */
    public static Optional<PerfData> of(long pid) {
        try (DirectoryStream<Path> users = Files.newDirectoryStream(TMP, "hsperfdata_*")) {
            for (Path user : users) {
                Path file = user.resolve(Long.toString(pid));
                if (Files.isReadable(file)) {
                    return Optional.of(new PerfData(file));
                }
            }
        } catch (IOException e) {
            // no temporary folder to read: no counters
        }
        return Optional.empty();
    }

    /** The long counter {@code name} as it is now, or empty when the JVM has ended or keeps no such counter. */
    public OptionalLong counter(String name) {
        ByteBuffer data;
        try {
            data = ByteBuffer.wrap(Files.readAllBytes(file));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
        return counter(data, name);
    }

    /** Several long counters read from one copy of the file, in the order given; each empty as {@link #counter} says. */
    public Map<String, OptionalLong> counters(List<String> names) {
        ByteBuffer data;
        try {
            data = ByteBuffer.wrap(Files.readAllBytes(file));
        } catch (IOException e) {
            data = ByteBuffer.allocate(0);
        }
        Map<String, OptionalLong> values = new LinkedHashMap<>();
        for (String name : names) {
            // a duplicate each: reading sets the byte order, and the magic number is read before it is set
            values.put(name, counter(data.duplicate(), name));
        }
        return values;
    }

    static OptionalLong counter(ByteBuffer data, String name) {
        if (data.limit() < 32 || data.getInt(0) != MAGIC) {
            return OptionalLong.empty();
        }
        data.order(data.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int entry = data.getInt(24);
        int entries = data.getInt(28);
        for (int i = 0; i < entries && entry + 20 <= data.limit(); i++) {
            int length = data.getInt(entry);
            if (length <= 0) {
                break;
            }
            boolean scalarLong = data.getInt(entry + 8) == 0 && data.get(entry + 12) == 'J';
            if (scalarLong && nameIs(data, entry + data.getInt(entry + 4), name)) {
                return OptionalLong.of(data.getLong(entry + data.getInt(entry + 16)));
            }
            entry += length;
        }
        return OptionalLong.empty();
    }

    private static boolean nameIs(ByteBuffer data, int at, String name) {
        for (int i = 0; i < name.length(); i++) {
            if (at + i >= data.limit() || data.get(at + i) != name.charAt(i)) {
                return false;
            }
        }
        return at + name.length() < data.limit() && data.get(at + name.length()) == 0;
    }
}
