package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import dev.concurrencylab.lab.result.ResultStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The lab as a user runs it: its own JVM running one suite, with its output in a file. */
final class ChildLab implements AutoCloseable {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    final Process process;
    final Path out;
    private final Path log;

    private ChildLab(Process process, Path out, Path log) {
        this.process = process;
        this.out = out;
        this.log = log;
    }

    /** Runs {@code suiteYaml} with results under {@code dir}/results. */
    static ChildLab run(Path dir, String suiteYaml) throws IOException {
        return start(dir, suiteYaml, "run");
    }

    /** Runs {@code ./lab COMMAND suite.yaml --out DIR/results}, e.g. {@code capacity}. */
    static ChildLab start(Path dir, String suiteYaml, String command) throws IOException {
        return start(dir, suiteYaml, command, List.of());
    }

    /** As {@link #start(Path, String, String)}, the JVM started through {@code wrapper}, e.g. {@code prlimit --nofile=N:N --}. */
    static ChildLab start(Path dir, String suiteYaml, String command, List<String> wrapper) throws IOException {
        return start(dir, suiteYaml, command, wrapper, List.of());
    }

    /** As {@link #start(Path, String, String, List)}, with {@code options} after the suite. */
    static ChildLab start(Path dir, String suiteYaml, String command, List<String> wrapper, List<String> options) throws IOException {
        Path suite = Files.writeString(dir.resolve("suite.yaml"), suiteYaml);
        Path out = dir.resolve("results");
        Path log = dir.resolve("lab.log");
        List<String> line = new java.util.ArrayList<>(wrapper);
        line.addAll(lab());
        line.addAll(List.of(command, suite.toString(), "--out", out.toString()));
        line.addAll(options);
        Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new ChildLab(process, out, log);
    }

    /** Runs {@code ./lab resume OUT}, with its output in {@code dir}/{@code logName}. */
    static ChildLab resume(Path dir, Path out, String logName) throws IOException {
        Path log = dir.resolve(logName);
        List<String> line = new java.util.ArrayList<>(lab());
        line.addAll(List.of("resume", out.toString()));
        Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new ChildLab(process, out, log);
    }

    /**
     * The lab's JVM as {@code ./lab} starts it, with two flags of the tests' own: C1 only and the serial collector.
     * A child lab lives a minute at most and drives a few hundred requests a second, so C2's compiles and a parallel
     * collector's threads were CPU the tests' servers waited for: a child lab took 18 s of CPU for two 2 s benchmarks
     * run twice, 10 s with these (two cores, about 30 child labs a test run). What they test is the lab's behaviour;
     * the driver's speed is HyperfoilDriverTest's, in the test JVM.
     */
    private static List<String> lab() {
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED",
                "-Dlab.home=" + HOME, "-cp", System.getProperty("java.class.path"), Lab.class.getName());
    }

    /**
     * A suite's benchmarks, one per broker: E2's hand-off of 20 items of 20 ms work, {@code concurrency} at a time,
     * through that broker ({@code extra} lines after the name, e.g. {@code design: paired}), for a suite's list.
     */
    static String handOffs(int concurrency, String extra, String... brokers) {
        StringBuilder benchmarks = new StringBuilder();
        for (String broker : brokers) {
            benchmarks.append("""
                      - name: %s
                        workload: async-handoff
                        params: {strategy: %s, work-ms: "20"}
                        services: [%s]
                    %s    load: {model: count-x-concurrency, count: 20, concurrency: %d}
                    """.formatted(broker, broker, broker, extra.isEmpty() ? "" : "    " + extra + "\n", concurrency));
        }
        return benchmarks.toString();
    }

    /** A condition on the running lab, checked while waiting. */
    interface Check {
        boolean holds() throws IOException;
    }

    /**
     * How long a child lab may print nothing before a test calls it stuck. A busy machine (a laptop
     * doing other work, a test run beside this one) slows every step of a run several times over, so
     * no wait bounds a run's whole length; a lab that works prints a progress line every few seconds
     * of a trial; its longest silence is a server's start (the example app's took 77 s beside a test run
     * and a loop of the heavy classes).
     */
    static final long SILENCE_MINUTES = 3;

    /**
     * A whole test's backstop against a hang the silence bound cannot see (a test's own step), far
     * above a child lab's run on a busy machine: a wall-clock bound on a run fails a lab that works
     * (seen: 3 minutes to the second trial's window cut KilledLabTest's lab, still making progress).
     */
    static final int TIMEOUT_MINUTES = 15;

    /** Waits, failing with the lab's output if it exits first or prints nothing for {@link #SILENCE_MINUTES}. */
    void awaitWhileRunning(Check check, String what) throws IOException, InterruptedException {
        Silence silence = new Silence();
        while (!check.holds()) {
            if (!process.isAlive()) {
                // the output is read for the message only: this loop polls every 50 ms
                fail("%s: the lab ended first; its output: %s", what, log());
            }
            silence.check(what);
            Thread.sleep(50);
        }
    }

    /** Waits for the lab to end, however long a busy machine takes, failing if it prints nothing for {@link #SILENCE_MINUTES}. */
    void awaitExit() throws IOException, InterruptedException {
        Silence silence = new Silence();
        while (!process.waitFor(1, TimeUnit.SECONDS)) {
            silence.check("the run ends");
        }
    }

    /** Since when the lab's output has not grown. */
    private final class Silence {
        private long size = -1;
        private long since = System.nanoTime();

        void check(String what) throws IOException {
            long now = Files.size(log);
            if (now != size) {
                size = now;
                since = System.nanoTime();
            }
            if (System.nanoTime() - since > TimeUnit.MINUTES.toNanos(SILENCE_MINUTES)) {
                fail("%s: the lab printed nothing for %d minutes; its output: %s", what, SILENCE_MINUTES, log());
            }
        }
    }

    /**
     * Waits until the progress output says trial (or step) {@code number} is in its measured window,
     * however long a busy machine takes to start its server and warm it up.
     */
    void awaitWindowOf(int number) throws IOException, InterruptedException {
        awaitWhileRunning(() -> log().lines().anyMatch(l -> l.startsWith("[" + number + "/") && l.contains(" measure ")),
                "trial " + number + " in its window");
    }

    /**
     * Kills the first descendant that {@code which} picks once the first of {@code trials} trials is
     * under way, and returns the seconds from the kill to the first trial's record (at most 10).
     */
    double killDuringFirstTrial(int trials, java.util.function.Predicate<ProcessHandle> which) throws Exception {
        // The first progress line comes a second into the first trial's warm-up.
        awaitWhileRunning(() -> log().contains("[1/" + trials + "]"), "first trial under way");
        process.descendants().filter(which).findFirst().orElseThrow().destroyForcibly();
        long killed = System.nanoTime();
        while (trials().isEmpty() && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(10)) {
            Thread.sleep(20);
        }
        return (System.nanoTime() - killed) / 1e9;
    }

    /** The folder the running lab keeps its services' data and logs in, found in their command lines. */
    Path servicesFolder() throws IOException, InterruptedException {
        Pattern folder = Pattern.compile("(/\\S*/lab-(?:run|capacity)-\\d+)/");
        AtomicReference<Path> found = new AtomicReference<>();
        awaitWhileRunning(() -> {
            process.descendants().map(p -> folder.matcher(p.info().commandLine().orElse(""))).filter(Matcher::find)
                    .findFirst().ifPresent(m -> found.set(Path.of(m.group(1))));
            return found.get() != null;
        }, "a service started");
        return found.get();
    }

    /** Waits for the lab to end ({@link #awaitExit}), then its first trial's record, which must have completed. */
    JsonNode firstTrialOk() throws Exception {
        awaitExit();
        JsonNode trial = ResultStore.JSON.readTree(trials().getFirst().toFile());
        assertThat(trial.path("status").asText()).as("its output: %s", log()).isEqualTo("ok");
        return trial;
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    /** Trial records written so far, in trial order. */
    List<Path> trials() throws IOException {
        Path dir = out.resolve("trials");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
    }

    /** The trial records written so far, read, in trial order. */
    List<JsonNode> records() throws IOException {
        List<JsonNode> records = new java.util.ArrayList<>();
        for (Path p : trials()) {
            records.add(ResultStore.JSON.readTree(p.toFile()));
        }
        return records;
    }

    /** The names of the run's logs that start with {@code prefix}, sorted. */
    List<String> logs(String prefix) throws IOException {
        try (Stream<Path> files = Files.list(out.resolve("logs"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).sorted().toList();
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
