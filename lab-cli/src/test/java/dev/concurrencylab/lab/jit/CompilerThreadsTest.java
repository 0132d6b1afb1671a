package dev.concurrencylab.lab.jit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/** The JIT compiler threads of a real JVM, as the kernel sees them, and their priority raised and given back. */
@Isolated
class CompilerThreadsTest {

    @Test
    void aJvmThatRunsNewCodeMakesItsCompilerThreadsWantACpu() throws Exception {
        // A separate JVM, so the reading is of another process, as the lab reads its servers.
        withBusyJvm(child -> {
            CompilerThreads compilers = CompilerThreads.of(child.pid()).orElseThrow();
            Thread.sleep(500);
            double before = compilers.demandMillis();
            start(child);
            Thread.sleep(1500);

            assertThat(compilers.demandMillis()).isGreaterThan(before);
        });
    }

    @Test
    void raisedCompilerThreadsRunAtNiceMinusTenAndGetTheirOwnPriorityBack() throws Exception {
        withBusyJvm(child -> {
            CompilerThreads compilers = CompilerThreads.of(child.pid()).orElseThrow();
            Thread.sleep(500);
            List<Long> tids = compilerThreads(child.pid());
            assertThat(tids).as("compiler threads of a HotSpot JVM").isNotEmpty();
            assertThat(nices(child.pid(), tids)).containsOnly(0);

            assertThat(CompilerThreads.unavailable()).as("what ./lab doctor reports").isEmpty();
            assertThat(compilers.raise()).as("raising needs root here, where the lab runs").isEmpty();
            assertThat(nices(child.pid(), tids)).containsOnly(CompilerThreads.WARM_UP_NICE);
            assertThat(nices(child.pid(), List.of(child.pid()))).as("the JVM's other threads").containsOnly(0);

            compilers.restore();
            assertThat(nices(child.pid(), tids)).containsOnly(0);
        });
    }

    @Test
    void theNiceValueIsReadPastACommandNameWithSpacesAndParentheses() {
        String stat = "4067 (C2 Compiler) x) S 1 4053 4053 0 -1 4194368 12 0 0 0 1 2 0 0 20 -10 25 0 100 0 0";

        assertThat(CompilerThreads.nice(stat)).isEqualTo(-10);
    }

    @Test
    void aProcessThatDoesNotExistHasNoCompilerThreads() {
        assertThat(CompilerThreads.of(Long.MAX_VALUE)).isEmpty();
    }

    /** What a test does with a JVM of its own. */
    interface WithJvm {
        void run(Process jvm) throws Exception;
    }

    /** Runs {@code test} against a fresh JVM that idles until told to run new code ({@link Busy}), and always stops that JVM. */
    static void withBusyJvm(WithJvm test) throws Exception {
        Process jvm = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Busy.class.getName()).start();
        try {
            // up and in its main, compiler threads and all: on a busy machine a JVM's start-up takes longer than any fixed wait
            assertThat(jvm.inputReader().readLine()).isEqualTo("ready");
            test.run(jvm);
        } finally {
            jvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static void start(Process busy) throws java.io.IOException {
        busy.getOutputStream().write('\n');
        busy.getOutputStream().flush();
    }

    static List<Long> compilerThreads(long pid) throws java.io.IOException {
        List<Long> tids = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                    tids.add(Long.parseLong(task.getFileName().toString()));
                }
            }
        }
        return tids;
    }

    /** The nice values of those of {@code tids} still running: HotSpot ends a compiler thread beyond the first of its kind once idle. */
    static List<Integer> nices(long pid, List<Long> tids) throws java.io.IOException {
        List<Integer> nices = new ArrayList<>();
        for (long tid : tids) {
            try {
                nices.add(CompilerThreads.nice(Files.readString(Path.of("/proc", Long.toString(pid), "task", Long.toString(tid), "stat"))));
            } catch (java.nio.file.NoSuchFileException ended) {
                // gone since listed: nothing to compare
            }
        }
        return nices;
    }

    /** Waits for a line on stdin, then runs code the JIT has not seen, for a while. */
    public static final class Busy {
        public static void main(String[] args) throws Exception {
            System.out.println("ready");
            System.out.flush();
            System.in.read();
            double sum = 0;
            for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20); System.nanoTime() < end; ) {
                for (int i = 0; i < 10_000; i++) {
                    sum += Math.sqrt(i) * Math.sin(sum + i) + String.valueOf(i).hashCode();
                }
            }
            System.out.println(sum);
        }
    }
}
