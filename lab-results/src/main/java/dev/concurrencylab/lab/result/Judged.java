package dev.concurrencylab.lab.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * The suite's own rules applied to one trial: its checks counted, its thresholds judged.
 *
 * @param checks     each check with passes, fails and pass rate
 * @param thresholds each threshold judged on this trial
 */
public record Judged(List<CheckResult> checks, List<ThresholdResult> thresholds) {

    public static final Judged NONE = new Judged(List.of(), List.of());

    public Judged {
        checks = checks == null ? List.of() : checks;
        thresholds = thresholds == null ? List.of() : thresholds;
    }

    /** Passes of all checks over all answers checked, in percent; {@code null} when the suite declares none. */
    @JsonIgnore
    public Double checksPassRate() {
        long passes = checks.stream().mapToLong(CheckResult::passes).sum();
        long all = passes + checks.stream().mapToLong(CheckResult::fails).sum();
        return all == 0 ? null : 100.0 * passes / all;
    }
}
