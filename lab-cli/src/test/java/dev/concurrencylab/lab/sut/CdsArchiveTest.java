package dev.concurrencylab.lab.sut;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.concurrencylab.lab.suite.Catalog;
import dev.concurrencylab.lab.suite.Variant;
import dev.concurrencylab.services.ChildProcess;
import dev.concurrencylab.services.ServiceException;
import dev.concurrencylab.services.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CDS archive the lab makes for a real server jar is one the JVM maps, and only for the flags it was made with. */
class CdsArchiveTest {

    static final Path HOME = Path.of("..").toAbsolutePath().normalize();
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path tmp;

    @Test
    void anArchiveIsMappedByTheJvmWithTheSameFlagsAndOtherFlagsGetTheirOwnBesideIt() throws Exception {
        Variant mvc = Catalog.load(HOME).variants().get("mvc-platform");
        Path jar = Files.copy(mvc.jar(), tmp.resolve("sut-mvc.jar"));
        CdsArchive archive = CdsArchive.of(jar, mvc.jvmFlags());

        archive.make(List.of(JAVA), mvc.jvmFlags(), noDatabase());

        assertThat(archive.made()).isTrue();
        // -Xshare:on makes the JVM refuse to start when it cannot map the archive, instead of going on without it.
        List<String> start = new ArrayList<>(List.of(JAVA));
        start.addAll(mvc.jvmFlags());
        start.addAll(List.of("-Xshare:on", "-Xlog:class+load=info", "-Dspring.context.exit=onRefresh"));
        start.addAll(archive.launchArguments());
        start.addAll(noDatabase());
        ChildProcess.runToEnd("mvc with its archive", start, Map.of(), tmp.resolve("with-archive.log"), null, Duration.ofMinutes(2));
        assertThat(Files.readString(tmp.resolve("with-archive.log")))
                .contains("dev.concurrencylab.sut.mvc.MvcApplication source: shared objects file (top)");

        List<String> otherFlags = new ArrayList<>(mvc.jvmFlags());
        otherFlags.add("-XX:ActiveProcessorCount=1");
        CdsArchive other = CdsArchive.of(jar, otherFlags);
        assertThat(other.made()).isFalse();
        // Two variants of one jar with different flags take turns in a run: neither archive may push out the other.
        other.make(List.of(JAVA), otherFlags, noDatabase());
        assertThat(other.made()).isTrue();
        assertThat(archive.made()).isTrue();
    }

    @Test
    void anArchivingThatFailsSaysSoAndLeavesNoArchive() throws Exception {
        Variant mvc = Catalog.load(HOME).variants().get("mvc-platform");
        Path jar = Files.copy(mvc.jar(), tmp.resolve("sut-mvc.jar"));
        List<String> flags = List.of("-XX:+NoSuchFlagInAnyJvm");
        CdsArchive archive = CdsArchive.of(jar, flags);

        assertThatThrownBy(() -> archive.make(List.of(JAVA), flags, noDatabase()))
                .isInstanceOf(ServiceException.class)
                .hasMessageContaining("sut-mvc CDS archive start-up failed");
        assertThat(archive.made()).isFalse();
    }

    /** Start-up up to the context's refresh needs no database when the schema is not applied. */
    private static List<String> noDatabase() {
        return List.of("--spring.profiles.active=mvc-platform", "--spring.sql.init.mode=never",
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:" + Ports.freeLoopbackPort() + "/none", "--server.port=0");
    }
}
