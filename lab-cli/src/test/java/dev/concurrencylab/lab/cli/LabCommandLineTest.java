package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.concurrencylab.lab.result.ResultStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabCommandLineTest {

    @TempDir
    static Path tmp;

    private static String homeBefore;

    @BeforeAll
    static void home() throws Exception {
        homeBefore = System.getProperty("lab.home");
        System.setProperty("lab.home", Path.of("..").toAbsolutePath().normalize().toString());
        Files.writeString(tmp.resolve("remote.yaml"), """
                name: remote
                variants: [{name: far, url: "http://192.0.2.1:8080"}]
                benchmarks: [{workload: hello, load: {model: burst, count: 1}}]
                """);
        Files.writeString(tmp.resolve("broken.yaml"), "name: broken\nvariants: [webflux\n");
        Files.createDirectories(tmp.resolve("no-run"));
        String hello = """
                name: hello-once
                variants: [mvc-platform]
                benchmarks: [{workload: hello, load: {model: burst, count: 1}}]
                """;
        Files.writeString(tmp.resolve("hello-once.yaml"), hello);
        cutShort("complete", "complete", "./lab run quick --scale quick", null);
        cutShort("capacity", "interrupted", "./lab capacity capacity-delay --scale quick", null);
        cutShort("password", "interrupted", "./lab run e0-posts --scale quick --postgresql-url postgresql://lab:****@127.0.0.1:5432/lab", null);
        cutShort("changed", "interrupted", "./lab run " + tmp.resolve("hello-once.yaml") + " --scale quick", hello.replace("burst", "max-rate"));
    }

    /** The property is the JVM's, seen by every later test class: each then finds the lab where it was before this one. */
    @AfterAll
    static void homeBack() {
        if (homeBefore == null) {
            System.clearProperty("lab.home");
        } else {
            System.setProperty("lab.home", homeBefore);
        }
    }

    /** A results directory whose run.json says {@code status}, made by {@code command}, with the suite as it ran. */
    private static void cutShort(String dir, String status, String command, String suiteAsRun) throws Exception {
        Files.createDirectories(tmp.resolve(dir));
        Files.writeString(tmp.resolve(dir).resolve("run.json"), ResultStore.JSON.writeValueAsString(
                Map.of("suite", "s", "scale", "quick", "status", status, "command", command, "suiteAsRun", suiteAsRun == null ? "" : suiteAsRun,
                        "started", "2026-11-25T23:00:00Z")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown suite            | run no-such-suite                          | unknown suite 'no-such-suite'
            unknown scale            | run quick --scale huge                     | unknown scale 'huge'
            zero trials              | run quick --trials 0                       | --trials takes a number of at least 1 or 'auto', not '0'
            unknown variant          | run quick --variants mvc-turbo             | unknown variant 'mvc-turbo' for suite quick
            unknown benchmark        | run quick --benchmarks fib                 | unknown benchmark 'fib' for suite quick; it has: hello, posts
            unknown option           | run quick --fast                           | Unknown option: '--fast'
            missing suite            | run                                        | Missing required parameter
            not a number             | run quick --trials many                    | --trials takes a number of at least 1 or 'auto', not 'many'
            unknown command          | fly                                        | Unmatched argument at index 0: 'fly'
            remote target            | run TMP/remote.yaml                        | variant far points at 192.0.2.1, not loopback
            malformed suite file     | run TMP/broken.yaml                        | TMP/broken.yaml:3: malformed YAML
            unknown CPU role         | run quick --cpus gpu=1                     | --cpus gpu=1: expected off or ROLE=CPUS
            CPU not available        | run quick --cpus sut=99                    | --cpus sut=99: this process may only use CPUs
            noise threshold of zero  | run quick --noisy-above 0                  | --noisy-above must be above 0
            resume: no run there     | resume TMP/no-run                          | TMP/no-run is not a results directory (no run.json)
            resume: run complete     | resume TMP/complete                        | the run in TMP/complete is complete: there is nothing to resume
            resume: capacity search  | resume TMP/capacity                        | was not made by ./lab run, so it cannot be resumed
            resume: hidden password  | resume TMP/password                        | used a service URL with a password, which run.json keeps hidden
            resume: suite changed    | resume TMP/changed                         | TMP/hello-once.yaml changed since the run in TMP/changed began
            """)
    void badInputIsOneLineAndExitCodeTwo(String what, String args, String expected) {
        // its own writer, not System.err swapped: whatever else in this JVM writes there meanwhile is not the lab's line
        StringWriter err = new StringWriter();
        int code = Lab.execute(new PrintWriter(err, true), args.replace("TMP", tmp.toString()).split(" "));
        String text = err.toString().strip();
        assertThat(code).isEqualTo(2);
        assertThat(text).startsWith("lab: ").contains(expected.replace("TMP", tmp.toString())).doesNotContain("\n").doesNotContain("Exception");
    }
}
