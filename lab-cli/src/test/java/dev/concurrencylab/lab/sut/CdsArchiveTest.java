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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The CDS archive the lab makes for a real server jar is one the JVM maps, and only for the flags it was made with. */
@Execution(ExecutionMode.CONCURRENT)
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

    @Test
    void aLabWhoseArchiveAnotherProcessIsMakingWaitsAndTakesThatArchive() throws Exception {
        Variant mvc = Catalog.load(HOME).variants().get("mvc-platform");
        Path jar = Files.copy(mvc.jar(), tmp.resolve("sut-mvc.jar"));
        CdsArchive archive = CdsArchive.of(jar, mvc.jvmFlags());
        Files.createDirectories(archive.lockFile().getParent());
        Process other = new ProcessBuilder(JAVA, "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(),
                archive.lockFile().toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            assertThat(new String(other.getInputStream().readNBytes(4))).isEqualTo("held");
            CompletableFuture<Void> making = CompletableFuture.runAsync(() -> archive.make(List.of(JAVA), mvc.jvmFlags(), noDatabase()));
            Thread.sleep(1_000);
            assertThat(making).as("waiting for the other process").isNotDone();
            // what the other process leaves once its archive is made (the files' contents are not read here)
            Files.createDirectories(archive.archiveFile().getParent());
            Files.writeString(archive.archiveFile(), "the other process's archive");
            Files.writeString(archive.unpackedJar(), "the other process's unpacking");
            other.getOutputStream().close();

            making.get(30, TimeUnit.SECONDS);
            assertThat(archive.archiveFile()).as("taken, not made again").hasContent("the other process's archive");
            assertThat(archive.archiveFile().resolveSibling("archiving.log")).doesNotExist();
        } finally {
            other.destroyForcibly();
        }
    }

    /** Start-up up to the context's refresh needs no database when the schema is not applied. */
    private static List<String> noDatabase() {
        return List.of("--spring.profiles.active=mvc-platform", "--spring.sql.init.mode=never",
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:" + Ports.freeLoopbackPort() + "/none", "--server.port=0");
    }
}
