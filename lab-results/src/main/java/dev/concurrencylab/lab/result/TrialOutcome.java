package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a trial ended and every reason not to read its numbers at face value.
 *
 * @param status        {@code ok}, or {@code failed} with {@code failure} saying why
 * @param flags         what the numbers must be read with (docs/methodology.md lists them)
 * @param reasons       flag → the figures behind it
 * @param serverLogTail the server's last log lines, when the trial failed
 */
public record TrialOutcome(TrialStatus status, String failure, List<Flag> flags, Map<String, String> reasons,
        String serverLogTail) {

    public TrialOutcome {
        flags = flags == null ? List.of() : flags;
        reasons = reasons == null ? Map.of() : reasons;
    }

    /** A trial that could not run, for the reason {@code flag} names. */
    public static TrialOutcome failed(Flag flag, String why, String logTail) {
        return new TrialOutcome(TrialStatus.FAILED, why, List.of(flag), Map.of(flag.key(), why), logTail);
    }

    /** This outcome without {@code flag} and its reason. */
    public TrialOutcome without(Flag flag) {
        if (!flags.contains(flag)) {
            return this;
        }
        Map<String, String> kept = new LinkedHashMap<>(reasons);
        kept.remove(flag.key());
        return new TrialOutcome(status, failure, flags.stream().filter(f -> f != flag).toList(), kept, serverLogTail);
    }

    /** This outcome with {@code flag}, for the reason {@code why}. */
    public TrialOutcome with(Flag flag, String why) {
        if (flags.contains(flag)) {
            return this;
        }
        Map<String, String> more = new LinkedHashMap<>(reasons);
        more.put(flag.key(), why);
        List<Flag> all = new java.util.ArrayList<>(flags);
        all.add(flag);
        return new TrialOutcome(status, failure, List.copyOf(all), more, serverLogTail);
    }

    @JsonIgnore
    public boolean ok() {
        return status == TrialStatus.OK;
    }
}
