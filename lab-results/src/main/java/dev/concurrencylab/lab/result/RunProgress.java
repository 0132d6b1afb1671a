package dev.concurrencylab.lab.result;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How far a run got; {@code run.json} is rewritten as it moves.
 *
 * @param status   {@code starting}, {@code running}, {@code finished}, or how it ended otherwise
 * @param services each backing service in use: its address and which benchmarks needed it
 * @param parts    a resumed run's stretches, in order, the one running last; absent in a run made in one go
 */
public record RunProgress(String started, String finished, String status, int trialsWritten, Map<String, String> services,
        List<RunPart> parts) {

    public static RunProgress starting() {
        return new RunProgress(Instant.now().toString(), null, "starting", 0, Map.of(), null);
    }

    public RunProgress with(Map<String, String> servicesNow, String statusNow, int written) {
        return new RunProgress(started, finished, statusNow, written, servicesNow, parts);
    }

    /** Ended now: the run, and its running part if it was resumed. */
    public RunProgress finishedAt(String time) {
        List<RunPart> closed = parts;
        if (parts != null && !parts.isEmpty()) {
            closed = new ArrayList<>(parts);
            closed.set(closed.size() - 1, closed.getLast().finishedAt(time, trialsWritten));
            closed = List.copyOf(closed);
        }
        return new RunProgress(started, time, status, trialsWritten, services, closed);
    }

    /**
     * Going on now as {@code next}, after a stretch that ended at {@code lastEnded} with {@code written}
     * trials: {@code first} stands for that stretch when the run was never resumed before.
     */
    RunProgress resumed(RunPart first, String lastEnded, int written, RunPart next) {
        List<RunPart> all = new ArrayList<>(parts == null || parts.isEmpty() ? List.of(first) : parts);
        if (all.getLast().finished() == null) {
            // the lab was killed before it could close its part
            all.set(all.size() - 1, all.getLast().finishedAt(lastEnded, written));
        }
        all.add(next);
        return new RunProgress(started, null, "running", written, services, List.copyOf(all));
    }

    /**
     * The time the run took: start to end, or for a resumed run the sum of its parts' (the pauses
     * between them are no part of it); empty while any part's end is unknown.
     */
    public Optional<Duration> wallTime() {
        if (parts == null || parts.isEmpty()) {
            return started == null || finished == null ? Optional.empty()
                    : Optional.of(Duration.between(Instant.parse(started), Instant.parse(finished)));
        }
        Duration sum = Duration.ZERO;
        for (RunPart p : parts) {
            Optional<Duration> d = p.wallTime();
            if (d.isEmpty()) {
                return Optional.empty();
            }
            sum = sum.plus(d.get());
        }
        return Optional.of(sum);
    }
}
