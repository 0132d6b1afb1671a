package dev.concurrencylab.lab.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The process listening on a local TCP port, found as {@code ss -p} finds it: the listening
 * socket's inode in {@code /proc/net/tcp} (and {@code tcp6}), then the process holding a file
 * descriptor on that socket. Lets the lab watch a server it did not start, given by URL, as the
 * server instead of counting it as noise.
 */
public final class ListeningProcess {

    private static final String LISTEN = "0A";

    private ListeningProcess() {
    }

    /** The pid listening on {@code port} on this machine; empty when none is found or it is the lab itself. */
    public static OptionalLong on(int port) {
        String inode = inode(port);
        if (inode == null) {
            return OptionalLong.empty();
        }
        String socket = "socket:[" + inode + "]";
        long self = ProcessHandle.current().pid();
        // The lab's own socket first: a child it is starting holds copies of its descriptors until it closes them
        // (seen, beside another test run), and would be taken for the server.
        if (holds(Path.of("/proc", Long.toString(self)), socket)) {
            return OptionalLong.empty();
        }
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> holds(p, socket)).mapToLong(p -> Long.parseLong(p.getFileName().toString()))
                    .findFirst();
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    private static String inode(int port) {
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                List<String> lines = Files.readAllLines(Path.of(table));
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length > 9 && f[1].endsWith(hexPort) && f[3].equals(LISTEN)) {
                        return f[9];
                    }
                }
            } catch (IOException e) {
                // no such table (no IPv6): try the next
            }
        }
        return null;
    }

    private static boolean holds(Path proc, String socket) {
        try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
            return fds.anyMatch(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().equals(socket);
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
