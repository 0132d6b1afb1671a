package dev.concurrencylab.lab.load;

import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request path with at most one {@code {random:MIN-MAX}} placeholder, e.g. {@code /posts/{random:1-10000}},
 * and any number of {@code {session}}: the number of the session sending it, the same for every
 * request of a sequence's run, so a server can tell one user's requests from another's.
 */
public final class PathTemplate {

    private static final Pattern RANDOM = Pattern.compile("\\{random:(\\d+)-(\\d+)}");
    private static final String SESSION = "{session}";

    private final String prefix;
    private final String suffix;
    private final int min;
    private final int max;
    private final boolean perSession;

    private PathTemplate(String prefix, String suffix, int min, int max, boolean perSession) {
        this.prefix = prefix;
        this.suffix = suffix;
        this.min = min;
        this.max = max;
        this.perSession = perSession;
    }

    public static PathTemplate parse(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/': " + path);
        }
        boolean perSession = path.contains(SESSION);
        Matcher m = RANDOM.matcher(path);
        if (!m.find()) {
            if (path.replace(SESSION, "").contains("{")) {
                throw new IllegalArgumentException("unknown placeholder in path " + path + " (only {random:MIN-MAX} and {session} are supported)");
            }
            return new PathTemplate(path, "", 0, -1, perSession);
        }
        int min = Integer.parseInt(m.group(1));
        int max = Integer.parseInt(m.group(2));
        if (max < min) {
            throw new IllegalArgumentException("random range " + min + "-" + max + " is empty in path " + path);
        }
        String rest = path.substring(m.end());
        if (rest.replace(SESSION, "").contains("{")) {
            throw new IllegalArgumentException("only one {random:MIN-MAX} per path is supported: " + path);
        }
        return new PathTemplate(path.substring(0, m.start()), rest, min, max, perSession);
    }

    public boolean isFixed() {
        return max < min && !perSession;
    }

    /** Whether the path names its session: the driver must then number its sessions. */
    public boolean perSession() {
        return perSession;
    }

    /** The next concrete path of session number {@code session}; thread-safe. */
    public String next(long session) {
        String path = max < min ? prefix : prefix + ThreadLocalRandom.current().nextInt(min, max + 1) + suffix;
        return perSession ? path.replace(SESSION, Long.toString(session)) : path;
    }
}
