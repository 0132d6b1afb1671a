package dev.concurrencylab.lab.load.hyperfoil;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineLogTest {

    private final Logger engine = LogManager.getLogger("io.hyperfoil.core.impl.SimulationRunner");

    @Test
    void theEnginesWarningsGoToTheRunsFileAndTheNextRunsToItsOwn(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("first/hyperfoil.log");
        Path second = dir.resolve("second/hyperfoil.log");

        EngineLog.writeTo(first);
        engine.warn("connection reset in the first run");
        EngineLog.writeTo(second);
        engine.warn("timeout in the second run");
        engine.info("an info line, below the engine log's level");

        assertThat(Files.readString(first)).contains("connection reset in the first run").doesNotContain("second run");
        assertThat(Files.readString(second)).contains("timeout in the second run").doesNotContain("first run")
                .doesNotContain("info line");
    }
}
