package dev.concurrencylab.lab.binding;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The lab's one JSON mapper: results files ({@code run.json}, trials, {@code capacity.json}) and the
 * wire to driver hosts write the same records, so they are written one way. It sits on the ground
 * floor, below the results store and the load shares alike, so neither borrows it from the other.
 */
public final class Json {

    /** Durations as suites write them ({@code 5s}, {@code 500ms}); absent values left out. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL)
            .registerModule(DurationText.module());

    private Json() {
    }
}
