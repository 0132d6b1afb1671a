package dev.concurrencylab.lab.service;

import java.util.regex.Pattern;

/** Keeps passwords in service URLs and properties out of the console and the results. */
public final class Redaction {

    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(://[^:/@\\s]+):[^@/\\s]+@");

    private Redaction() {
    }

    public static String redact(String text) {
        return text == null ? null : USER_INFO_PASSWORD.matcher(text).replaceAll("$1:****@");
    }

    /** A property value as it may be shown: passwords hidden, URLs redacted. */
    public static String redact(String key, String value) {
        return key.toLowerCase(java.util.Locale.ROOT).contains("password") ? "****" : redact(value);
    }
}
