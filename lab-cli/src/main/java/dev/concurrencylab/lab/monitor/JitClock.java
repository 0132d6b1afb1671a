package dev.concurrencylab.lab.monitor;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * How long a HotSpot JVM has spent compiling, read from the performance-data file it keeps in
 * shared memory ({@code /tmp/hsperfdata_USER/PID}, the file {@code jstat} reads). Reading it costs
 * the server nothing: no request, no attach, no safepoint. Layout: a 32-byte prologue (magic
 * {@code 0xcafec0c0}, byte order, entry offset and count), then entries each naming a counter.
 */
public final class JitClock {

    private static final int MAGIC = 0xcafec0c0;

    private final MappedByteBuffer data;
    private final int totalTimeAt;
    private final int compilesAt;
    private final double ticksPerMs;

    private JitClock(MappedByteBuffer data, int totalTimeAt, int compilesAt, double ticksPerMs) {
        this.data = data;
        this.totalTimeAt = totalTimeAt;
        this.compilesAt = compilesAt;
        this.ticksPerMs = ticksPerMs;
    }

    /** The clock of the JVM with this pid, or empty when it keeps no readable perf data (not HotSpot, -XX:-UsePerfData). */
    public static Optional<JitClock> of(long pid) {
        String user = ProcessHandle.of(pid).flatMap(p -> p.info().user()).orElse(System.getProperty("user.name"));
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "hsperfdata_" + user, Long.toString(pid));
        if (!Files.isReadable(file)) {
            return Optional.empty();
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer data = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            if (data.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
                return Optional.empty();
            }
            data.order(data.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            int totalTime = find(data, "java.ci.totalTime");
            int compiles = find(data, "sun.ci.totalCompiles");
            int frequency = find(data, "sun.os.hrt.frequency");
            if (totalTime < 0 || compiles < 0 || frequency < 0 || data.getLong(frequency) <= 0) {
                return Optional.empty();
            }
            return Optional.of(new JitClock(data, totalTime, compiles, data.getLong(frequency) / 1000.0));
        } catch (IOException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /** Milliseconds the JVM's compiler threads have spent compiling since it started. */
    public double compileMillis() {
        return data.getLong(totalTimeAt) / ticksPerMs;
    }

    /** Methods compiled since the JVM started. */
    public long compiles() {
        return data.getLong(compilesAt);
    }

    /** Where the value of the counter {@code name} is, or -1. */
    private static int find(ByteBuffer data, String name) {
        int entry = data.getInt(24);
        int count = data.getInt(28);
        for (int i = 0; i < count; i++) {
            int length = data.getInt(entry);
            int nameAt = entry + data.getInt(entry + 4);
            int end = nameAt;
            while (data.get(end) != 0) {
                end++;
            }
            byte[] bytes = new byte[end - nameAt];
            data.get(nameAt, bytes);
            if (name.equals(new String(bytes, StandardCharsets.US_ASCII)) && data.get(entry + 12) == 'J') {
                return entry + data.getInt(entry + 16);
            }
            entry += length;
        }
        return -1;
    }
}
