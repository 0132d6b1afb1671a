package dev.concurrencylab.lab.jit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** This machine's {@code /proc} and {@code renice}. */
final class LocalTasks implements TaskFiles {

    static final LocalTasks INSTANCE = new LocalTasks();
    static final Path RENICE = Path.of("/usr/bin/renice");

    private LocalTasks() {
    }

    @Override
    public List<Long> threadsNamed(long pid, String name) {
        List<Long> tids = new ArrayList<>();
        try (Stream<Path> all = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            all.forEach(task -> {
                long tid = Long.parseLong(task.getFileName().toString());
                read(pid, tid, "comm").filter(c -> c.contains(name)).ifPresent(c -> tids.add(tid));
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            // the process ended
        }
        return tids;
    }

    @Override
    public Optional<String> read(long pid, long tid, String file) {
        try {
            return Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), file)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public Reniced renice(int nice, List<Long> tids) {
        if (!Files.isExecutable(RENICE)) {
            return new Reniced(-1, CompilerThreads.NO_RENICE);
        }
        List<String> command = new ArrayList<>(List.of(RENICE.toString(), "-n", Integer.toString(nice), "-p"));
        tids.forEach(t -> command.add(Long.toString(t)));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes()).trim();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Reniced(-1, "renice did not end within 10 s");
            }
            return new Reniced(process.exitValue(), output);
        } catch (IOException e) {
            return new Reniced(-1, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reniced(-1, "interrupted");
        }
    }
}
