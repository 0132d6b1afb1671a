package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a trial ended: it measured its window ({@code ok}) or it could not ({@code failed}, with the failure). */
public enum TrialStatus {
    OK, FAILED;

    @JsonValue
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static TrialStatus of(String key) {
        return valueOf(key.toUpperCase(Locale.ROOT));
    }

    @Override
    public String toString() {
        return key();
    }
}
