package dev.concurrencylab.lab.load.share;

import dev.concurrencylab.lab.binding.InvalidSetting;
import dev.concurrencylab.lab.load.ClosedSweep;
import dev.concurrencylab.lab.load.LoadModel;
import dev.concurrencylab.lab.load.OpenRamp;
import dev.concurrencylab.lab.load.OpenRate;
import java.util.ArrayList;
import java.util.List;

/**
 * One load split over several drivers, as k6's execution segments split it: each driver gets an
 * exact share (a rate divided evenly; users, workers, sessions and counts as whole numbers that add
 * up to the total, the first drivers taking one more where it does not divide), and all shares run
 * the same schedule from the same start.
 */
public final class LoadShares {

    private LoadShares() {
    }

    /**
     * The {@code drivers} shares of {@code model}, in driver order.
     *
     * @throws InvalidSetting when a share would be empty (fewer users, requests or workers than drivers)
     */
    public static List<LoadModel> split(LoadModel model, int drivers) {
        InvalidSetting.atLeast("drivers", drivers, 1);
        List<LoadModel> shares = new ArrayList<>();
        for (int i = 0; i < drivers; i++) {
            shares.add(share(model, i, drivers));
        }
        return List.copyOf(shares);
    }

    private static LoadModel share(LoadModel model, int i, int k) {
        return switch (model) {
            case OpenRate m -> new OpenRate(m.rate() / k, m.duration(), whole("max-sessions", m.maxSessions(), i, k),
                    m.connections() == 0 ? 0 : whole("connections", m.connections(), i, k));
            case OpenRamp m -> new OpenRamp(m.from() / k, m.to() / k, m.duration(), whole("max-sessions", m.maxSessions(), i, k),
                    m.connections() == 0 ? 0 : whole("connections", m.connections(), i, k));
            case LoadModel.MaxRate m -> new LoadModel.MaxRate(whole("workers", m.workers(), i, k), m.duration());
            case LoadModel.UsersXRequests m -> new LoadModel.UsersXRequests(whole("users", m.users(), i, k), m.requests());
            case LoadModel.CountXConcurrency m -> {
                int concurrency = whole("concurrency", m.concurrency(), i, k);
                yield new LoadModel.CountXConcurrency(m.count() / m.concurrency() * concurrency, concurrency);
            }
            case LoadModel.Burst m -> new LoadModel.Burst(whole("count", m.count(), i, k));
            case LoadModel.ClosedStages m -> new LoadModel.ClosedStages(m.stages().stream()
                    .map(s -> new LoadModel.Stage(s.duration(), part(s.users(), i, k))).toList());
            case ClosedSweep m -> new ClosedSweep(m.users().stream().map(u -> whole("users", u, i, k)).toList(), m.duration());
        };
    }

    /** Driver {@code i}'s part of {@code n}: the parts of all {@code k} drivers add up to {@code n}. */
    static int part(int n, int i, int k) {
        return n / k + (i < n % k ? 1 : 0);
    }

    private static int whole(String what, int n, int i, int k) {
        if (n < k) {
            throw new InvalidSetting(null, what + " " + n + " cannot be split over " + k + " driver hosts: each needs at least one");
        }
        return part(n, i, k);
    }
}
