package dev.concurrencylab.lab.load;

import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A request path with at most one {@code {random:MIN-MAX}} placeholder, e.g. {@code /posts/{random:1-10000}}. */
public final class PathTemplate {

    private static final Pattern RANDOM = Pattern.compile("\\{random:(\\d+)-(\\d+)}");

    private final String prefix;
    private final String suffix;
    private final int min;
    private final int max;

    private PathTemplate(String prefix, String suffix, int min, int max) {
        this.prefix = prefix;
        this.suffix = suffix;
        this.min = min;
        this.max = max;
    }

    public static PathTemplate parse(String path) {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/': " + path);
        }
        Matcher m = RANDOM.matcher(path);
        if (!m.find()) {
            if (path.contains("{")) {
                throw new IllegalArgumentException("unknown placeholder in path " + path + " (only {random:MIN-MAX} is supported)");
            }
            return new PathTemplate(path, "", 0, -1);
        }
        int min = Integer.parseInt(m.group(1));
        int max = Integer.parseInt(m.group(2));
        if (max < min) {
            throw new IllegalArgumentException("random range " + min + "-" + max + " is empty in path " + path);
        }
        String rest = path.substring(m.end());
        if (rest.contains("{")) {
            throw new IllegalArgumentException("only one placeholder per path is supported: " + path);
        }
        return new PathTemplate(path.substring(0, m.start()), rest, min, max);
    }

    public boolean isFixed() {
        return max < min;
    }

    /** The next concrete path; thread-safe. */
    public String next() {
        if (isFixed()) {
            return prefix;
        }
        return prefix + ThreadLocalRandom.current().nextInt(min, max + 1) + suffix;
    }
}
