package dev.concurrencylab.lab.hosts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads files on a host through one long-lived session: what the monitor reads from a remote
 * {@code /proc} each second costs a line each way, not an SSH connection.
 */
public final class RemoteFiles implements AutoCloseable {

    private static final String END = "__lab_end_";

    private final HostSpec host;
    private final Process session;
    private final OutputStream in;
    private final BufferedReader out;

    private RemoteFiles(HostSpec host, Process session) {
        this.host = host;
        this.session = session;
        this.in = session.getOutputStream();
        this.out = new BufferedReader(new InputStreamReader(session.getInputStream(), StandardCharsets.UTF_8));
    }

    public static RemoteFiles open(Ssh ssh) {
        // "cat PATH" reads one file; "each PATTERN" reads every file the pattern matches, each line as FILE:LINE
        String loop = "while read -r op p; do if [ \"$op\" = each ]; then grep -H '' $p; else cat -- \"$p\"; fi 2>/dev/null; "
                + "printf '%s\\n' \"" + END + "$?\"; done";
        return new RemoteFiles(ssh.host(), ssh.session("file reader", "sh -c " + Ssh.quote(loop)));
    }

    /**
     * The file's text, or empty when it does not exist or cannot be read (a process that has ended).
     *
     * @throws HostException when the session is lost
     */
    public Optional<String> read(String path) {
        return ask("cat " + path);
    }

    /**
     * Every file a shell pattern matches, as {@code grep -H} prints them ({@code FILE:LINE}), in one
     * round trip; empty when none matched.
     */
    public Optional<String> each(String pattern) {
        return ask("each " + pattern);
    }

    private synchronized Optional<String> ask(String request) {
        try {
            in.write((request + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            StringBuilder text = new StringBuilder();
            for (String line; (line = out.readLine()) != null; ) {
                int end = line.indexOf(END);
                if (end >= 0) {
                    // /proc files end with a newline; one that does not has the marker on its last line
                    text.append(line, 0, end);
                    return line.substring(end + END.length()).strip().equals("0") ? Optional.of(text.toString()) : Optional.empty();
                }
                text.append(line).append('\n');
            }
            throw new HostException("host " + host.name() + ": the file reader's session ended");
        } catch (IOException e) {
            throw new HostException("host " + host.name() + ": the file reader's session was lost: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // ending it anyway
        }
        session.destroy();
    }
}
