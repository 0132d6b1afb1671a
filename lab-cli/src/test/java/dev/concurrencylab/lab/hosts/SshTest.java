package dev.concurrencylab.lab.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A host over SSH, with a network namespace and its own sshd standing in for the machine. */
@Execution(ExecutionMode.CONCURRENT)
class SshTest {

    @TempDir
    static Path tmp;

    private static NamespaceHosts hosts;
    private static HostSpec server;
    private static Ssh ssh;

    @BeforeAll
    static void host() {
        String why = NamespaceHosts.unavailable();
        if (why != null) {
            System.out.println("SshTest skipped: " + why);
        }
        assumeTrue(why == null, why);
        hosts = new NamespaceHosts(tmp);
        server = hosts.add("server", List.of("server"));
        ssh = Ssh.connect(server, tmp.resolve("ssh"));
    }

    @AfterAll
    static void close() {
        if (ssh != null) {
            ssh.close();
        }
        if (hosts != null) {
            hosts.close();
        }
    }

    @Test
    void aCommandRunsOnTheHostItsNetworkIsItsOwn() {
        Ssh.Result r = ssh.run("ip -o -4 addr show scope global", Duration.ofSeconds(10));

        assertThat(r.ok()).isTrue();
        assertThat(r.out()).contains(server.address() + "/").doesNotContain(server.address().replaceAll("\\.2$", ".1/"));
    }

    @Test
    void aFileIsCopiedOnceAndCheckedByItsSum() throws Exception {
        Path jar = Files.write(tmp.resolve("app.jar"), new byte[300_000]);
        String remote = tmp.resolve("remote/app.jar").toString();

        assertThat(ssh.copy(jar, remote)).isTrue();
        assertThat(ssh.copy(jar, remote)).isFalse();
        Files.write(jar, new byte[300_001]);
        assertThat(ssh.copy(jar, remote)).isTrue();
        assertThat(Files.size(Path.of(remote))).isEqualTo(300_001);
    }

    @Test
    void filesAreReadThroughOneSessionAndAMissingOneIsEmpty() {
        try (RemoteFiles files = RemoteFiles.open(ssh)) {
            for (int i = 0; i < 20; i++) {
                assertThat(files.read("/proc/loadavg")).get().asString().matches("[0-9.]+ [0-9.]+ [0-9.]+ \\d+/\\d+ \\d+\\n");
            }
            assertThat(files.read("/proc/999999999/stat")).isEmpty();
            assertThat(files.read("/proc/self/status")).get().asString().contains("Name:\tcat");
        }
    }

    @Test
    void aProcessStartedThereEndsWhenItIsClosed() {
        RemoteProcess p = RemoteProcess.start(ssh, "sleeper", "sleep 600", tmp.resolve("sleeper.log").toString());
        assertThat(running(p.pid())).isTrue();

        p.close();

        assertThat(running(p.pid())).isFalse();
    }

    @Test
    void aProcessStartedThereEndsWhenTheLabsSessionDiesWithoutAWord() throws Exception {
        RemoteProcess p = RemoteProcess.start(ssh, "sleeper", "sh -c 'sleep 600 & sleep 600'", tmp.resolve("sleeper2.log").toString());
        List<Long> group = List.of();
        for (long until = System.nanoTime() + Duration.ofSeconds(5).toNanos(); group.isEmpty() && System.nanoTime() < until; Thread.sleep(20)) {
            group = ProcessHandle.of(p.pid()).orElseThrow().descendants().map(ProcessHandle::pid).toList();
        }
        assertThat(group).as("the shell's two sleeps").isNotEmpty();

        // what SIGKILL of the lab does to its side of the session: the local ssh client vanishes. Found by its log's
        // name, which only this test's session carries: this class's tests run at once, and another keeps a sleep 600 too.
        ProcessHandle.current().children().filter(h -> h.info().commandLine().orElse("").contains("sleeper2.log"))
                .forEach(ProcessHandle::destroyForcibly);

        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        // the watchdog ends the leader first, then what is left of its group
        List<Long> started = group;
        while ((running(p.pid()) || started.stream().anyMatch(SshTest::running)) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(running(p.pid())).isFalse();
        assertThat(group).noneMatch(SshTest::running);
    }

    /** Running, not just not yet reaped: a process ended on a host whose init does not reap is a zombie until it does. */
    static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void theRoundTripIsMeasuredToAPortThatListensThere() {
        RoundTrip rtt = RoundTrip.measure(server.name(), server.address(), 22, 20);

        assertThat(rtt.minMs()).isPositive().isLessThanOrEqualTo(rtt.medianMs());
        assertThat(rtt.medianMs()).isLessThanOrEqualTo(rtt.maxMs());
        assertThat(rtt.samples()).isEqualTo(20);
    }

    @Test
    void aSocketLeftByAKilledLabWithTheSamePidDoesNotStopTheConnection() throws Exception {
        Path dir = tmp.resolve("ssh-stale");
        Ssh first = Ssh.connect(server, dir);
        Path control = dir.resolve(server.name() + ".ctl");
        // kill -9 of a lab: its master dies, its socket file stays
        ProcessHandle.current().descendants().filter(p -> p.info().commandLine().orElse("").contains(control.toString())
                && p.info().commandLine().orElse("").contains(" -M ")).forEach(ProcessHandle::destroyForcibly);
        while (first.check()) {
            Thread.sleep(50);
        }
        assertThat(control).exists();

        Ssh second = Ssh.connect(server, dir);
        try {
            assertThat(second.check()).isTrue();
        } finally {
            // the first's master is dead; closing it would send "exit" to the second's socket
            second.close();
        }
    }

    @Test
    void aHostThatCannotBeReachedIsOneLineNamingIt() {
        String empty = server.address().replaceAll("\\.2$", ".3");
        HostSpec nowhere = new HostSpec("nowhere", empty, 22, "root", server.key(), List.of("server"), null, server.knownHosts(), null, null);

        assertThatThrownBy(() -> Ssh.connect(nowhere, tmp.resolve("ssh-nowhere")))
                .isInstanceOf(HostException.class)
                .hasMessageStartingWith("host nowhere (root@" + empty + ") cannot be reached over SSH")
                .hasMessageNotContaining("\n");
    }
}
