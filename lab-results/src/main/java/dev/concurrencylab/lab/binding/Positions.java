package dev.concurrencylab.lab.binding;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import java.util.ArrayDeque;
import java.util.Deque;

/** Where the parser stands in a file being bound (a suite, a catalog, {@code hosts.yaml}), written the way every such error starts: {@code file:line: path: }. */
public final class Positions {

    /** The binding attribute that carries the file's name down to the deserializers. */
    static final String FILE = "suite-file";

    private Positions() {
    }

    public static SuiteException error(String file, int line, String path, String message) {
        return new SuiteException(file + ":" + line + ": " + (path.isEmpty() ? "" : path + ": ") + message);
    }

    /** An error at the value the parser is on. */
    public static SuiteException error(JsonParser p, DeserializationContext ctxt, String message) {
        return error(file(ctxt), line(p), path(p), message);
    }

    public static String file(DeserializationContext ctxt) {
        Object file = ctxt.getAttribute(FILE);
        return file == null ? "suite" : file.toString();
    }

    public static int line(JsonParser p) {
        return Math.max(1, p.currentTokenLocation().getLineNr());
    }

    /** The path of the value starting at the current token (a map or list counts from its opening). */
    public static String path(JsonParser p) {
        JsonStreamContext context = p.getParsingContext();
        JsonToken token = p.currentToken();
        if (token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY || token == JsonToken.FIELD_NAME) {
            context = context.getParent();
        }
        Deque<String> parts = new ArrayDeque<>();
        for (; context != null && !context.inRoot(); context = context.getParent()) {
            if (context.inArray()) {
                parts.push("[" + Math.max(0, context.getCurrentIndex()) + "]");
            } else if (context.getCurrentName() != null) {
                parts.push("." + context.getCurrentName());
            }
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }
}
