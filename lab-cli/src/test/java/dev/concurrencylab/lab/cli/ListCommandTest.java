package dev.concurrencylab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab list} names a suite's mixed and sequenced requests, the names its thresholds select. */
class ListCommandTest {

    private static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path home;

    @Test
    void aSuitesMixAndSequenceAreListedByTheirRequestsNames() throws Exception {
        Path suites = Files.createDirectories(home.resolve("suites"));
        for (String catalog : new String[] {"variants.yaml", "workloads.yaml"}) {
            Files.copy(HOME.resolve("suites").resolve(catalog), suites.resolve(catalog));
        }
        Files.writeString(suites.resolve("owners.yaml"), """
                name: owners
                description: owners of pets
                variants: [mvc-platform]
                workloads:
                  visit:
                    sequence:
                      - {name: list, request: {path: /owners}}
                      - {name: view, request: {path: /owners/1}}
                  mixed:
                    mix:
                      - {name: search, weight: 4, request: {path: /owners}}
                      - {name: create, weight: 1, request: {method: POST, path: /owners/new, body: "a=b"}}
                benchmarks:
                  - {workload: visit, load: {model: burst, count: 1}}
                  - {workload: mixed, load: {model: burst, count: 1}}
                  - {workload: hello, load: {model: burst, count: 1}}
                """);
        String before = System.getProperty("lab.home");
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            System.setProperty("lab.home", home.toString());
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            assertThat(new ListCommand().call()).isZero();
        } finally {
            System.setOut(out);
            if (before == null) {
                System.clearProperty("lab.home");
            } else {
                System.setProperty("lab.home", before);
            }
        }

        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("owners of pets [visit: sequence list → view] [mixed: mix search 4, create 1]\n");
    }
}
