package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.ResultStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The lab as a user runs it, in its own JVM, killed with SIGKILL after its first trial. */
class KilledLabTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aLabKilledAfterItsFirstTrialKeepsThatTrialAndLeavesNoProcessBehind() throws Exception {
        assertThat(HOME.resolve("sut-mvc/target/sut-mvc.jar")).as("sut-mvc is built before lab-cli in the reactor").exists();
        Path suite = tmp.resolve("three-trials.yaml");
        Files.writeString(suite, """
                name: three-trials
                variants: [mvc-platform]
                trials: 3
                warmup: 1s
                benchmarks:
                  - workload: hello
                    load: {model: max-rate, workers: 4, duration: 2s}
                """);
        Path out = tmp.resolve("results");
        Process lab = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED",
                "-Dlab.home=" + HOME, "-cp", System.getProperty("java.class.path"), Lab.class.getName(),
                "run", suite.toString(), "--out", out.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("lab.log").toFile()).start();
        try {
            Path trials = out.resolve("trials");
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (jsonFiles(trials).isEmpty()) {
                assertThat(lab.isAlive()).as("lab still running; its output: %s", log()).isTrue();
                assertThat(System.nanoTime()).as("first trial written within 3 minutes").isLessThan(deadline);
                Thread.sleep(100);
            }
            List<ProcessHandle> children = lab.descendants().toList();
            assertThat(children).as("the lab started the server").isNotEmpty();

            lab.destroyForcibly().waitFor();

            long killed = System.nanoTime();
            while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(5)) {
                Thread.sleep(50);
            }
            assertThat(children).as("no process the lab started is alive 5 s after kill -9").noneMatch(ProcessHandle::isAlive);
            List<Path> kept = jsonFiles(trials);
            assertThat(kept).isNotEmpty();
            var trial = ResultStore.JSON.readTree(kept.getFirst().toFile());
            assertThat(trial.path("status").asText()).as("first trial: %s", trial).isEqualTo("ok");
            assertThat(trial.path("count").asLong()).isPositive();
        } finally {
            lab.destroyForcibly();
        }
    }

    private String log() throws Exception {
        return Files.readString(tmp.resolve("lab.log"));
    }

    private static List<Path> jsonFiles(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
    }
}
