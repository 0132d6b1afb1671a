package dev.concurrencylab.lab.load.hyperfoil;

import dev.concurrencylab.lab.load.LoadModel;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.Session;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * k6's ramping users inside one phase of the most users the stages reach: before each request a
 * user checks its place against how many users the ramp has at that moment (linear within each
 * stage, reaching each stage's target at its end) and waits while it is above the line. Users are
 * added and removed continuously, none is replaced and no request is cut off: a user taken away
 * finishes the request it is in, as k6's graceful ramp-down lets an iteration finish.
 */
final class RampGate implements Step {

    /** How often a waiting user looks again: the ramp moves in steps this fine. */
    private static final long RECHECK_MS = 50;

    private final List<LoadModel.Stage> stages;
    private final long length;
    /** Each user's place in line, in the order users first came: the first N are the ramp's N users. */
    private final transient Map<Session, Integer> places = new ConcurrentHashMap<>();
    private final transient AtomicInteger next = new AtomicInteger();

    RampGate(LoadModel.ClosedStages model) {
        this.stages = model.stages();
        this.length = stages.stream().mapToLong(s -> s.duration().toMillis()).sum();
    }

    @Override
    public boolean invoke(Session session) {
        int place = places.computeIfAbsent(session, s -> next.getAndIncrement());
        long elapsed = System.currentTimeMillis() - session.phaseStartTimestamp();
        if (place < users(stages, elapsed)) {
            return true;
        }
        if (elapsed >= length) {
            // The ramp is over and this user has no place in it: it ends, so the phase can.
            session.stop();
            return false;
        }
        session.executor().schedule(session.runTask(), RECHECK_MS, TimeUnit.MILLISECONDS);
        return false;
    }

    /** Users the ramp has {@code elapsedMs} into it: from the last stage's target to this one's, linearly. */
    static int users(List<LoadModel.Stage> stages, long elapsedMs) {
        int from = 0;
        long start = 0;
        for (LoadModel.Stage stage : stages) {
            long length = stage.duration().toMillis();
            if (elapsedMs < start + length) {
                double done = length == 0 ? 1 : (double) (elapsedMs - start) / length;
                return (int) Math.round(from + (stage.users() - from) * done);
            }
            from = stage.users();
            start += length;
        }
        return from;
    }
}
