package dev.concurrencylab.lab.load;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.concurrencylab.lab.binding.InvalidSetting;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Closed users at several levels, each warmed up and measured as its own window (what E0's
 * 10/50/100/200-user table only estimated). A suite runs it as one {@link MaxRate} benchmark per
 * level, named {@code <benchmark>-<users>-users}; the driver never sees the sweep itself.
 */
public record ClosedSweep(@JsonProperty(required = true) List<Integer> users, @JsonProperty(required = true) Duration duration)
        implements LoadModel {

    @Override
    public Optional<Duration> plannedDuration() {
        return Optional.of(duration);
    }

    public ClosedSweep {
        users = List.copyOf(users);
        if (users.isEmpty()) {
            throw new InvalidSetting(null, "closed-sweep needs at least one level of users");
        }
        users.forEach(n -> InvalidSetting.atLeast("users", n, 1));
        if (users.stream().distinct().count() < users.size()) {
            throw new InvalidSetting(null, "closed-sweep lists a level of users twice: " + users);
        }
    }

    public String name() {
        return "closed-sweep";
    }

    public int maxConcurrency() {
        return users.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** Each level is a steady closed load, so a sweep pairs level by level: its slices are its levels' ({@link MaxRate#sliced}). */
    @Override
    public Optional<LoadModel> sliced(Duration length) {
        return Optional.of(new ClosedSweep(users, length));
    }

    /** One window per level. */
    public List<MaxRate> levels() {
        return users.stream().map(n -> new MaxRate(n, duration)).toList();
    }
}
