package dev.concurrencylab.lab.result;

import java.util.Map;

/**
 * How far a run got; {@code run.json} is rewritten as it moves.
 *
 * @param status   {@code starting}, {@code running}, {@code finished}, or how it ended otherwise
 * @param services each backing service in use: its address and which benchmarks needed it
 */
public record RunProgress(String started, String finished, String status, int trialsWritten, Map<String, String> services) {

    public static RunProgress starting() {
        return new RunProgress(java.time.Instant.now().toString(), null, "starting", 0, Map.of());
    }

    public RunProgress with(Map<String, String> servicesNow, String statusNow, int written) {
        return new RunProgress(started, finished, statusNow, written, servicesNow);
    }

    public RunProgress finishedAt(String time) {
        return new RunProgress(started, time, status, trialsWritten, services);
    }
}
