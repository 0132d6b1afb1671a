package dev.concurrencylab.lab.sut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.cpu.CpuLayout;
import dev.concurrencylab.lab.monitor.RefusingPort;
import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Variant;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A real server that cannot start says why in one line, naming what it could not reach. */
@Execution(ExecutionMode.CONCURRENT)
class StartFailureTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    @Test
    void aServerWhoseDatabaseIsNotThereSaysItCouldNotConnectToPostgresqlAtItsAddress() throws Exception {
        Variant mvc = Catalog.load(HOME).variants().get("mvc-platform");
        try (RefusingPort refusing = new RefusingPort()) {
            int nobody = refusing.port();
            Map<String, String> properties = Map.of(
                    "spring.datasource.url", "jdbc:postgresql://127.0.0.1:" + nobody + "/postgres",
                    "spring.datasource.username", "lab",
                    "spring.r2dbc.url", "r2dbc:postgresql://127.0.0.1:" + nobody + "/postgres",
                    "spring.r2dbc.username", "lab");

            assertThatThrownBy(() -> new SutLauncher(CpuLayout.unpinned(2, "test"), false).launch(mvc, properties, tmp.resolve("server.log"), note -> { }))
                    .isInstanceOf(SutException.class)
                    .hasMessage("mvc-platform exited during start-up: could not connect to PostgreSQL at 127.0.0.1:" + nobody
                            + ": connection refused");
        }
    }

    @Test
    void springBootsOwnFailureAnalysisIsTakenWhenItPrintedOne() {
        assertThat(StartFailure.why(List.of("", "***************************", "APPLICATION FAILED TO START",
                "***************************", "", "Description:", "", "Web server failed to start. Port 8080 was already in use.",
                "", "Action:", "", "Identify and stop the process that's listening on port 8080.")))
                .isEqualTo("Web server failed to start. Port 8080 was already in use.");
    }
}
