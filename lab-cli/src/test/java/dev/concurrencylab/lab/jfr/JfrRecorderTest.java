package dev.concurrencylab.lab.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.load.LoadPhase;
import dev.concurrencylab.lab.usage.JfrSummary;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A real JVM recorded by the lab's recorder for one window, and the summary read from its file. */
@Execution(ExecutionMode.CONCURRENT)
class JfrRecorderTest {

    @TempDir
    Path tmp;

    @Test
    void virtualThreadsBlockingInAClassInitializerShowAsPinningWithWhereItHappened() throws Exception {
        Process pinner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Pinner.class.getName()).redirectErrorStream(true).start();
        try (JfrRecorder recorder = new JfrRecorder(pinner.pid(), tmp.resolve("window.jfr"))) {
            assertThat(new BufferedReader(new InputStreamReader(pinner.getInputStream())).readLine()).isEqualTo("pinning");
            recorder.phase(LoadPhase.MEASURE);
            Thread.sleep(3000);
            recorder.windowEnded();
            JfrRecorder.Result recorded = recorder.finish();

            assertThat(recorded.problem()).isNull();
            JfrSummary summary = JfrReader.read(recorded.file());
            assertThat(summary.pinned().count()).as("%s", summary).isGreaterThan(10);
            assertThat(summary.pinned().totalMs()).isGreaterThan(200);
            assertThat(summary.pinned().where()).extracting(JfrSummary.Share::name)
                    .anyMatch(where -> where.contains("Pinner"));
        } finally {
            pinner.destroyForcibly();
        }
    }

    @Test
    void aProcessThatIsNotAJvmGivesAReasonInsteadOfARecording() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try (JfrRecorder recorder = new JfrRecorder(sleeper.pid(), tmp.resolve("none.jfr"))) {
            recorder.phase(LoadPhase.MEASURE);
            recorder.windowEnded();

            JfrRecorder.Result recorded = recorder.finish();

            assertThat(recorded.file()).isNull();
            assertThat(recorded.problem()).isNotBlank();
        } finally {
            sleeper.destroyForcibly();
        }
    }
}
